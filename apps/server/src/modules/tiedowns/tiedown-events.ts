import { tiedownTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { DbOrTx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import type { TiedownRequestRow } from './tiedowns.table';

/** A parking request changed: publish it in the change's transaction (notification rules, docs/communications.md). */
export async function publishTiedownEvent(tx: DbOrTx, row: TiedownRequestRow, trigger: TEventTrigger): Promise<void> {
  // A pilot is no company: internal audiences only (the request has no company users).
  await publishEvent(tx, { module: 'Tiedown', trigger, recordId: row.id, companyId: null, fields: tiedownTemplateFields(row) });
}
