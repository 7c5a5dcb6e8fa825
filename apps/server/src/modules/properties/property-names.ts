import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { properties } from './properties.table';

/** A property as another module's import finds it by name: its id, status (as staff set it) and rent. */
export interface PropertyByName {
  id: string;
  name: string;
  status: string;
  rentCents: number;
}

/**
 * The properties named `names` (case-blind), in one statement, keyed by the lower-cased name. Names
 * are not unique, so a key may hold several properties: the caller reports the ambiguity.
 */
export async function findPropertiesByNames(db: DbOrTx, names: readonly string[]): Promise<Map<string, PropertyByName[]>> {
  const found = new Map<string, PropertyByName[]>();
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  if (wanted.length === 0) return found;
  const rows = rowsOf<{ id: string; name: string; status: string; rent_cents: number }>(
    await db.execute(sql`
      select p.id, p.name, p.status, p.rent_cents from ${properties} p
      where lower(p.name) in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`),
  );
  for (const row of rows) {
    const key = row.name.toLowerCase();
    found.set(key, [...(found.get(key) ?? []), { id: row.id, name: row.name, status: row.status, rentCents: Number(row.rent_cents) }]);
  }
  return found;
}
