import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { moduleOwner, attachmentOwners } from '../attachments/index';
import { propertyTypeUsages } from '../properties/index';
import { countWaiting, findApplicant } from './waitlist.repo';
import { waitlistRoutes } from './waitlist.routes';
import { joinPayable } from './waitlist.join';

/** The wait list: the module's public door. */
export async function registerWaitlist(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await waitlistRoutes(app, ctx);
  // An applicant's documents and remarks: staff with the Waitlist module.
  ctx.plugins.provide(attachmentOwners, 'waitlist', moduleOwner('Waitlist', async (id, db) => !!(await findApplicant(db, id))));
  // A property type with people waiting for it cannot be deleted.
  ctx.plugins.provide(propertyTypeUsages, 'waitlist', { label: 'wait-list applicants', count: countWaiting });
  // A paid join is paid through payments' card engine (its reconcile job included). The slot is
  // CARD_PAYABLES, taken from the engine: importing payments' door here would close an import cycle.
  ctx.plugins.provide(app.cardPayments.payables, 'waitlist', joinPayable(ctx.config.publicUrl));
}

/** For the chat (applicant conversations) and the reports. */
export { applicantTemplateFields, createChatApplicantLookup, listApplicantEmails, waitlistJoinsByBucket, waitlistLength } from './waitlist.repo';
export type { ChatApplicantLookup } from './waitlist.repo';
export { applicantFiles, applicantUnreadCounts } from './applicant-hooks';
