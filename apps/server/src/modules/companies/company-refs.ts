import { asc, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { inIdList, inTextList } from '../../db/id-list';
import { companies } from './companies.table';

/** A file's company cell, as it is compared: trimmed and lower-cased. */
export const companyKeyOf = (cell: string) => cell.trim().toLowerCase();

/** A company as another module's import finds it. */
export interface CompanyByReference {
  id: string;
  name: string;
  status: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The companies the cells of a file name (the import kinds of other modules: agreements, insurances,
 * balances, invoices), in one read for the whole batch, keyed by `companyKeyOf(cell)`. A cell names a
 * company by its external id (or its id, for a company added on the screen: the export writes
 * `coalesce(external_id, id)`), else by its name, case-blind. A name several companies share answers
 * all of them: the kind reports the ambiguity by row.
 */
export async function findCompaniesByReference(db: DbOrTx, cells: readonly string[]): Promise<Map<string, CompanyByReference[]>> {
  const keys = [...new Set(cells.map(companyKeyOf).filter(Boolean))];
  const found = new Map<string, CompanyByReference[]>();
  if (keys.length === 0) return found;
  const ids = keys.filter((key) => UUID.test(key));
  const rows = await db
    .select({ id: companies.id, name: companies.name, status: companies.status, externalId: companies.externalId })
    .from(companies)
    .where(or(inTextList(sql`lower(${companies.externalId})`, keys), inTextList(sql`lower(trim(${companies.name}))`, keys), ...(ids.length ? [inIdList(companies.id, ids)] : [])))
    .orderBy(asc(companies.id));
  for (const key of keys) {
    const byKey = rows.filter((r) => (r.externalId ? r.externalId.toLowerCase() === key : r.id === key));
    const matches = byKey.length > 0 ? byKey : rows.filter((r) => companyKeyOf(r.name) === key);
    if (matches.length > 0) found.set(key, matches.map(({ id, name, status }) => ({ id, name, status })));
  }
  return found;
}

/** Lock several companies' ledgers (`FOR UPDATE`, id order, like `lockCompany` one at a time). */
export async function lockCompanies(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.select({ id: companies.id }).from(companies).where(inIdList(companies.id, ids)).orderBy(asc(companies.id)).for('update');
}
