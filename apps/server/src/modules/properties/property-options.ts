import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { properties } from './properties.table';

/**
 * Properties as other modules pick them (inspections' 'Inspection For'): id and name of the
 * Active listings. `activePropertyOptionsSql` is the same set as a subquery `(id, name)` for
 * set-based inserts (a scheduled inspection for every property).
 */
export function activePropertyOptionsSql(): SQL {
  return sql`select ${properties.id} as id, ${properties.name} as name from ${properties} where ${properties.status} = 'Active'`;
}

export async function listActivePropertyOptions(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.status, 'Active'))
    .orderBy(sql`lower(${properties.name})`, asc(properties.id))
    .limit(5000);
}

/** The Active properties with their rent, by name (the demo lease seed: staff made none of them Inactive). */
export async function listActivePropertyRents(db: DbOrTx): Promise<Array<{ id: string; name: string; rentCents: number; propertyTypeId: string }>> {
  return db
    .select({ id: properties.id, name: properties.name, rentCents: properties.rentCents, propertyTypeId: properties.propertyTypeId })
    .from(properties)
    .where(eq(properties.status, 'Active'))
    .orderBy(sql`lower(${properties.name})`, asc(properties.id))
    .limit(5000);
}
