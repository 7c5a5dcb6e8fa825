import { and, asc, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inIdList, inTextList } from '../../db/id-list';
import { rowsOf } from '../../db/rows';
import { companies, type CompanyRow, type NewCompany } from './companies.table';

/**
 * The companies import's queries (issue 23), set-based: a few statements per chunk of rows.
 * A company is known to an import by its external id or, when it has none (added on the screen and
 * exported), by its id: the export writes `coalesce(external_id, id)` so the same file imports back.
 */

/** The columns a row of the file sets (not the id, the airport or the timestamps). */
export type CompanyImportValues = Pick<
  NewCompany,
  'name' | 'description' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'email' | 'phone' | 'contactName' | 'contactPhone' | 'isPaperless' | 'status'
>;

export const COMPANY_IMPORT_FIELDS = [
  'name', 'description', 'address1', 'address2', 'city', 'state', 'zip', 'email', 'phone', 'contactName', 'contactPhone', 'isPaperless', 'status',
] as const satisfies ReadonlyArray<keyof CompanyImportValues>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The airport's companies with these external ids (or ids, for companies without one), by that key. */
export async function findCompaniesByImportKeys(db: DbOrTx, keys: readonly string[], lock = false): Promise<Map<string, CompanyRow>> {
  if (keys.length === 0) return new Map();
  const unique = [...new Set(keys)];
  const ids = unique.filter((k) => UUID.test(k));
  const where = ids.length
    ? or(inTextList(companies.externalId, unique), and(isNull(companies.externalId), inIdList(companies.id, ids)))
    : inTextList(companies.externalId, unique);
  const query = db.select().from(companies).where(where);
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.externalId ?? row.id, row]));
}

/** Inserts a chunk's new companies with ONE jsonb parameter (2,000 rows as bind parameters cost more to build than to run). */
export async function insertImportedCompanies(tx: Tx, rows: ReadonlyArray<CompanyImportValues & { externalId: string }>): Promise<CompanyRow[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => ({
    name: r.name, description: r.description, address1: r.address1 ?? '', address2: r.address2 ?? '', city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? null,
    email: r.email, phone: r.phone ?? '', contact_name: r.contactName ?? '', contact_phone: r.contactPhone ?? '', is_paperless: r.isPaperless ?? false,
    status: r.status ?? 'Active', external_id: r.externalId,
  }));
  const inserted = await tx.execute(sql`
    insert into ${companies} (name, description, address1, address2, city, state, zip, email, phone, contact_name, contact_phone, is_paperless, status, external_id)
    select x.name, x.description, x.address1, x.address2, x.city, x.state, x.zip, x.email, x.phone, x.contact_name, x.contact_phone, x.is_paperless, x.status, x.external_id
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
      name text, description text, address1 text, address2 text, city text, state text, zip text, email text, phone text,
      contact_name text, contact_phone text, is_paperless boolean, status text, external_id text)
    returning id`);
  return tx.select().from(companies).where(inIdList(companies.id, rowsOf<{ id: string }>(inserted).map((r) => r.id)));
}

/** Sets each company's import columns to the given values, in one statement. */
export async function updateImportedCompanies(tx: Tx, rows: ReadonlyArray<CompanyImportValues & { id: string; externalId?: string | null }>): Promise<CompanyRow[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => ({
    id: r.id, name: r.name, description: r.description, address1: r.address1, address2: r.address2, city: r.city, state: r.state, zip: r.zip ?? null,
    email: r.email, phone: r.phone, contact_name: r.contactName, contact_phone: r.contactPhone, is_paperless: r.isPaperless, status: r.status,
    keep_external_id: r.externalId === undefined, external_id: r.externalId ?? null,
  }));
  await tx.execute(sql`
    update ${companies} as c set
      name = x.name, description = x.description, address1 = x.address1, address2 = x.address2, city = x.city, state = x.state, zip = x.zip,
      email = x.email, phone = x.phone, contact_name = x.contact_name, contact_phone = x.contact_phone, is_paperless = x.is_paperless,
      status = x.status, external_id = case when x.keep_external_id then c.external_id else x.external_id end, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
      id uuid, name text, description text, address1 text, address2 text, city text, state text, zip text, email text, phone text,
      contact_name text, contact_phone text, is_paperless boolean, status text, keep_external_id boolean, external_id text)
    where c.id = x.id`);
  return tx.select().from(companies).where(inIdList(companies.id, rows.map((r) => r.id)));
}

export async function deleteCompanies(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(companies).where(inIdList(companies.id, ids));
}

/** Every company of the airport by name, a page at a time (the export streams them). */
export async function listCompaniesPage(db: Db, after: { name: string; id: string } | null, limit: number): Promise<CompanyRow[]> {
  const where = after ? sql`(lower(${companies.name}), ${companies.id}) > (lower(${after.name}), ${after.id}::uuid)` : undefined;
  return db.select().from(companies).where(where).orderBy(sql`lower(${companies.name})`, asc(companies.id)).limit(limit);
}

