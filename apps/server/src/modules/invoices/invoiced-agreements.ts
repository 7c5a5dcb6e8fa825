import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices } from './invoices.table';

/**
 * The agreements among `agreementIds` that have invoices (of any status: a cancelled invoice still
 * names its agreement). An agreements import cannot be undone once one of its agreements is invoiced.
 */
export async function findInvoicedAgreementIds(db: DbOrTx, agreementIds: readonly string[]): Promise<string[]> {
  if (agreementIds.length === 0) return [];
  const rows = rowsOf<{ agreement_id: string }>(
    await db.execute(sql`
      select distinct i.agreement_id from ${invoices} i
      where i.agreement_id in (select (jsonb_array_elements_text(${JSON.stringify([...agreementIds])}::jsonb))::uuid)`),
  );
  return rows.map((r) => r.agreement_id);
}
