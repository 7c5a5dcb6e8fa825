import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { properties } from './properties.table';

/**
 * Rent is the property's own column; the agreements module's rent adjustment reads and sets it
 * through these functions (docs/adr/0004).
 */
export interface PropertyRent {
  id: string;
  name: string;
  rentCents: number;
}

/** The properties' names and rents; `forUpdate` locks their rows (in id order) until commit. */
export async function findPropertyRents(db: DbOrTx, ids: readonly string[], forUpdate = false): Promise<Map<string, PropertyRent>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select({ id: properties.id, name: properties.name, rentCents: properties.rentCents })
    .from(properties)
    .where(inArray(properties.id, [...new Set(ids)]))
    .orderBy(asc(properties.id));
  const rows = forUpdate ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.id, row]));
}

export async function setPropertyRent(db: DbOrTx, propertyId: string, rentCents: number): Promise<void> {
  await db.update(properties).set({ rentCents, updatedAt: new Date() }).where(eq(properties.id, propertyId));
}

/**
 * A property's name and monthly rent as correlated subqueries on the primary key, for another
 * module's set-based statement that has the property id (the invoice runs' rent links).
 */
export function propertyNameSql(propertyId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${properties.name} from ${properties} where ${properties.id} = ${propertyId})`;
}

export function propertyRentCentsSql(propertyId: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(select ${properties.rentCents} from ${properties} where ${properties.id} = ${propertyId})`.mapWith(Number);
}

/** Many properties' rents in one statement (an import's chunk); `rents` maps property id -> cents. */
export async function setPropertyRents(db: DbOrTx, rents: ReadonlyMap<string, number>): Promise<void> {
  if (rents.size === 0) return;
  const rows = JSON.stringify([...rents].map(([id, rentCents]) => ({ id, rent_cents: rentCents })));
  await db.execute(sql`
    update ${properties} set rent_cents = r.rent_cents, updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, rent_cents integer)
    where ${properties.id} = r.id`);
}
