import { waitlistTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { DbOrTx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import type { ApplicantView } from './waitlist.repo';

/** An applicant joined, changed or left: publish it in the change's transaction (docs/communications.md). */
export async function publishApplicantEvent(tx: DbOrTx, applicant: ApplicantView, trigger: TEventTrigger): Promise<void> {
  await publishEvent(tx, { module: 'Waitlist', trigger, recordId: applicant.id, companyId: applicant.companyId ?? null, fields: waitlistTemplateFields(applicant) });
}
