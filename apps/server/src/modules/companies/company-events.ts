import { companyTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { Tx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import type { CompanyRow } from './companies.table';

/** A company changed: publish it in the change's transaction (docs/communications.md). */
export async function publishCompanyEvent(tx: Tx, company: CompanyRow, trigger: TEventTrigger): Promise<void> {
  await publishEvent(tx, { module: 'Company', trigger, recordId: company.id, companyId: company.id, fields: companyTemplateFields(company) });
}
