import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/jobs';
import { MAIL_DELIVERY_JOB } from './delivery';

/**
 * Ask for a delivery run now, after the transaction that queued e-mail has committed, instead of
 * at the next every-minute run: a visitor waiting for a private link, or staff for an alert, gets
 * it in seconds. A failure to ask loses nothing (the minute's run sends it), so it is only logged.
 */
export async function nudgeMailDelivery(ctx: { jobs: Pick<Jobs, 'send'>; log: FastifyBaseLogger }): Promise<void> {
  await ctx.jobs.send(MAIL_DELIVERY_JOB).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not nudge mail delivery'));
}
