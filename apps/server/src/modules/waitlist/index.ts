import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { moduleOwner, attachmentOwners } from '../attachments/index';
import { propertyTypeUsages } from '../properties/index';
import { countWaiting, findApplicant } from './waitlist.repo';
import { waitlistRoutes } from './waitlist.routes';
import { JOIN_RECONCILE_JOB, reconcileJoinAttempts } from './waitlist.join';

/** The wait list: the module's public door. */
export async function registerWaitlist(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await waitlistRoutes(app, ctx);
  // An applicant's documents and remarks: staff with the Waitlist module.
  ctx.plugins.provide(attachmentOwners, 'waitlist', moduleOwner('Waitlist', async (id, db) => !!(await findApplicant(db, id))));
  // A property type with people waiting for it cannot be deleted.
  ctx.plugins.provide(propertyTypeUsages, 'waitlist', { label: 'wait-list applicants', count: countWaiting });
  // Paid joins a crash left in flight: finished or voided from what the provider says of the key.
  ctx.jobs.schedule(JOIN_RECONCILE_JOB, '*/5 * * * *', async () => {
    const run = await reconcileJoinAttempts(ctx.db, app.paymentProvider, ctx.config.publicUrl);
    if (run.joined || run.voided) ctx.log.info(run, 'wait-list join attempts reconciled');
  });
}

/** For the chat (applicant conversations) and the reports. */
export { applicantTemplateFields, createChatApplicantLookup, listApplicantEmails, waitlistJoinsByBucket, waitlistLength } from './waitlist.repo';
export type { ChatApplicantLookup } from './waitlist.repo';
export { applicantFiles, applicantUnreadCounts } from './applicant-hooks';
