import type { DbOrTx } from '../../db/client';
import { oneSlot } from '../../platform/plugins/registry';

/**
 * The e-mail addresses of the wait list's applicants, for the 'APPLICANTS' recipient group. The
 * wait list provides it (it imports alerts' door, never the other way round: the wait list is
 * paid through payments, which reaches alerts through invoices and agreements). Without a
 * provider the group is empty.
 */
export const applicantEmails = oneSlot<(db: DbOrTx) => Promise<string[]>>('alerts.applicant-emails', async () => []);
