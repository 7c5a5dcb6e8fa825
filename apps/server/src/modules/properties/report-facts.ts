import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { leaseSourceOf } from './lease-source';
import { properties, propertyTypes } from './properties.table';

/**
 * Occupancy by property type at `today` for the dashboard (reports module): Active properties
 * leased (an agreement covers today, the same rule as the listings' Leased) against available.
 * One aggregate statement.
 */
export async function occupancyByPropertyType(scope: PluginScope, db: DbOrTx, today: string): Promise<{ typeId: string; type: string; leased: number; available: number }[]> {
  const leased = sql`${properties.id} in (${leaseSourceOf(scope).leasedPropertyIds(today)})`;
  const rows = await db
    .select({
      typeId: propertyTypes.id,
      type: propertyTypes.name,
      leased: sql<number>`count(*) filter (where ${leased})::int`,
      available: sql<number>`count(*) filter (where not (${leased}))::int`,
    })
    .from(properties)
    .innerJoin(propertyTypes, eq(propertyTypes.id, properties.propertyTypeId))
    .where(eq(properties.status, 'Active'))
    .groupBy(propertyTypes.id, propertyTypes.name)
    .orderBy(asc(propertyTypes.name));
  return rows.map((r) => ({ ...r, leased: Number(r.leased), available: Number(r.available) }));
}
