import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { applicantEmails } from '../alerts/index';
import { moduleOwner, attachmentOwners } from '../attachments/index';
import { CARD_PAYABLES } from '../payments/index';
import { propertyTypeUsages } from '../properties/index';
import { countWaiting, findApplicant, listApplicantEmails } from './waitlist.repo';
import { waitlistRoutes } from './waitlist.routes';
import { joinPayable } from './waitlist.join';

/** The wait list: the module's public door. */
export async function registerWaitlist(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await waitlistRoutes(app, ctx);
  // An applicant's documents and remarks: staff with the Waitlist module.
  ctx.plugins.provide(attachmentOwners, 'waitlist', moduleOwner('Waitlist', async (id, db) => !!(await findApplicant(db, id))));
  // A property type with people waiting for it cannot be deleted.
  ctx.plugins.provide(propertyTypeUsages, 'waitlist', { label: 'wait-list applicants', count: countWaiting });
  // A paid join is paid through payments' card engine (its reconcile job included).
  ctx.plugins.provide(CARD_PAYABLES, 'waitlist', joinPayable(ctx.config.publicUrl));
  // Alerts' 'APPLICANTS' recipient group: everyone on the wait list with an e-mail.
  ctx.plugins.provide(applicantEmails, 'waitlist', listApplicantEmails);
}

/** For the chat (applicant conversations) and the reports. */
export { applicantTemplateFields, createChatApplicantLookup, waitlistJoinsByBucket, waitlistLength } from './waitlist.repo';
export type { ChatApplicantLookup } from './waitlist.repo';
export { applicantFiles, applicantUnreadCounts } from './applicant-hooks';
export { applicantsImport } from './applicants.import';
