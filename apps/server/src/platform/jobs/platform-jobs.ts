import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AppContext } from '../context';
import { deleteExpiredSessions } from '../auth/sessions';
import { deleteAbandonedSignInRequests } from '../auth/sign-in-requests';
import { deleteExpiredOidcPayloads } from '../auth/oidc-adapter';
import { MAIL_DELIVERY_JOB, createMailDelivery } from '../mail/delivery';
import { deleteExpiredRateLimits } from '../rate-limit/postgres-store';
import { mailRoutes } from '../mail/mail.routes';
import { registerEventDispatch } from '../events/events.plugin';
import { deleteProcessedEvents } from '../events/events';

export const CLEANUP_JOB = 'expired-records-cleanup';
export const PLANNER_STATISTICS_JOB = 'planner-statistics';

/** Sessions, provider records and rate-limit counters past expiry, and sign-ins never completed (a sign-in takes minutes, not a day). */
export async function deleteExpiredRecords(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await deleteExpiredRateLimits(db);
  await deleteExpiredOidcPayloads(db);
  await deleteAbandonedSignInRequests(db);
  await deleteProcessedEvents(db);
}

/**
 * The planner's statistics, refreshed for every table. PostgreSQL's autovacuum keeps them; the
 * embedded database has no autovacuum, so without this its planner works from the row counts of
 * the day the tables were created (empty) however large they grow. Nightly, when a few seconds of
 * the embedded database's one connection are cheap.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** The platform's own jobs (outbox delivery every minute, a nightly clean-up and statistics refresh) and the outbox's staff calls. */
export async function registerPlatformJobs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await mailRoutes(app, ctx);
  const delivery = createMailDelivery({ db: ctx.db, config: ctx.config, log: ctx.log, files: ctx.files });
  // A run sends at most 500 e-mails (each waits at most nodemailer's timeouts): 10 minutes is ample.
  ctx.jobs.schedule(
    MAIL_DELIVERY_JOB,
    '* * * * *',
    async () => {
      await delivery.deliver();
    },
    { expireInSeconds: 10 * 60 },
  );
  // Domain events (notification rules) delivered after commit, once.
  registerEventDispatch(app, ctx);
  ctx.jobs.schedule(CLEANUP_JOB, '17 3 * * *', () => deleteExpiredRecords(ctx.db), { expireInSeconds: 10 * 60, scope: 'deployment' });
  ctx.jobs.schedule(PLANNER_STATISTICS_JOB, '47 3 * * *', () => refreshPlannerStatistics(ctx.db), { expireInSeconds: 30 * 60, scope: 'deployment' });
  app.addHook('onClose', async () => delivery.close());
}
