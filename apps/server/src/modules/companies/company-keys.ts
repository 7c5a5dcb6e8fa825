import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from './companies.table';

/** A company as another module's import finds it by its natural key. */
export interface CompanyByKey {
  id: string;
  name: string;
  status: string;
}

/**
 * The companies a file names (`keys`: a name, compared case-blind), in one statement, keyed by the
 * lower-cased key. Names are not unique, so a key may hold several companies: the caller reports it.
 */
export async function findCompaniesByKeys(db: DbOrTx, keys: readonly string[]): Promise<Map<string, CompanyByKey[]>> {
  const found = new Map<string, CompanyByKey[]>();
  const wanted = [...new Set(keys.map((k) => k.toLowerCase()))];
  if (wanted.length === 0) return found;
  const rows = rowsOf<{ key: string; id: string; name: string; status: string }>(
    await db.execute(sql`
      select k.key, c.id, c.name, c.status
      from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) as k(key)
      join ${companies} c on lower(c.name) = k.key`),
  );
  for (const row of rows) found.set(row.key, [...(found.get(row.key) ?? []), { id: row.id, name: row.name, status: row.status }]);
  return found;
}
