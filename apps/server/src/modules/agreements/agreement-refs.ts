import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agreements } from './agreements.table';

/**
 * The agreements a file names (import kind invoices), by agreement number (case-blind, as the
 * number is unique), in one read: key (trimmed, lower-cased) -> the agreement's id and company.
 * TODO(issue 23, leases): also by the agreements' external id once their import adds the column.
 */
export async function findAgreementsByKeys(db: DbOrTx, cells: readonly string[]): Promise<Map<string, { id: string; companyId: string }>> {
  const keys = [...new Set(cells.map((c) => c.trim().toLowerCase()))];
  const found = new Map<string, { id: string; companyId: string }>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({ id: agreements.id, companyId: agreements.companyId, num: agreements.agreementNum })
    .from(agreements)
    .where(sql`lower(${agreements.agreementNum}) = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`);
  for (const row of rows) found.set(row.num.toLowerCase(), { id: row.id, companyId: row.companyId });
  return found;
}

/** An agreement's number by id, for exports (one read for all). */
export async function agreementNumbersByIds(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: agreements.id, num: agreements.agreementNum }).from(agreements);
  return new Map(rows.map((r) => [r.id, r.num]));
}
