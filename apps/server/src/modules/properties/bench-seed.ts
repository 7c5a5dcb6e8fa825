import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { propertyAreas, propertyTypes } from './properties.table';

/**
 * Benchmark data (issue 3 item 13): `count` properties in one bulk INSERT ... SELECT over
 * generate_series, spread over `typeCount` types and a few areas; about 70% public and Active
 * (the shape of a real airport's list). For `bench/` only: never called by the app or tests.
 * Types are named `Bench Type <n>` and reused, so a second call adds rows without duplicating
 * master data.
 */
export async function seedBenchProperties(db: DbOrTx, count: number, typeCount = 5): Promise<{ typeIds: string[] }> {
  await db
    .insert(propertyTypes)
    .values(Array.from({ length: typeCount }, (_, i) => ({ name: `Bench Type ${i + 1}` })))
    .onConflictDoNothing();
  await db
    .insert(propertyAreas)
    .values(Array.from({ length: 4 }, (_, i) => ({ name: `Bench Area ${i + 1}` })))
    .onConflictDoNothing();
  await db.execute(sql`
    insert into properties (name, description, area_id, property_type_id, address, rent_cents, available_date,
                            visible_to_external, lon, lat, status)
    select 'Bench Property ' || g,
           'Generated property number ' || g,
           (select id from property_areas where name = 'Bench Area ' || (1 + g % 4)),
           (select id from property_types where name = 'Bench Type ' || (1 + g % ${typeCount})),
           g || ' Bench Road',
           10000 + ((g::bigint * 7919) % 500000),  -- bigint: g * 7919 overflows int above 271,000 rows
           date '2026-01-01' + (g % 365),
           g % 10 < 7,
           -119.734 + ((g % 1000) - 500) / 50000.0,
           39.193 + ((g / 1000) % 1000 - 500) / 50000.0,
           case when g % 20 = 0 then 'Inactive' else 'Active' end
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`analyze properties`);
  const rows = await db.execute<{ id: string }>(sql`select id from property_types where name like 'Bench Type %' order by name`);
  const list = rowsOf<{ id: string }>(rows);
  return { typeIds: list.map((r) => r.id) };
}
