import { asc, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { companies } from './companies.table';

/** A file's company cell, as it is compared: trimmed and lower-cased. */
export const companyKeyOf = (cell: string) => cell.trim().toLowerCase();

/**
 * The companies a file names (import kinds of other modules: balances, invoices ...), by name
 * (case-blind), in one read for the whole batch: key -> every company of that name (two companies
 * of one name make the cell ambiguous; the kind says so).
 * TODO(issue 23, people): also by the companies' external id once their import adds the column.
 */
export async function findCompaniesByKeys(db: DbOrTx, cells: readonly string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const keys = [...new Set(cells.map(companyKeyOf))];
  const found = new Map<string, Array<{ id: string; name: string }>>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(sql`lower(trim(${companies.name})) = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`)
    .orderBy(asc(companies.id));
  for (const row of rows) {
    const key = companyKeyOf(row.name);
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
}

/** Lock several companies' ledgers (`FOR UPDATE`, id order, like `lockCompany` one at a time). */
export async function lockCompanies(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.select({ id: companies.id }).from(companies).where(inIdList(companies.id, ids)).orderBy(asc(companies.id)).for('update');
}
