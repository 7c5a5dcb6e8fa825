import { agreementTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { Tx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import { findCompany } from '../companies/index';
import type { AgreementRow } from './agreements.table';

/** A lease agreement changed: publish it in the change's transaction (rules of module `Lease`). */
export async function publishAgreementEvent(tx: Tx, agreement: AgreementRow, trigger: TEventTrigger): Promise<void> {
  const company = await findCompany(tx, agreement.companyId);
  await publishEvent(tx, {
    module: 'Lease',
    trigger,
    recordId: agreement.id,
    companyId: agreement.companyId,
    fields: agreementTemplateFields({ ...agreement, companyName: company?.name ?? '' }),
  });
}
