import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { takeNumbers } from '../../platform/tenancy/numbering';

/**
 * The typed rows (asset_field_values) of the assets `which` selects (a condition on `assets a`),
 * derived from their `values` in one statement: the seeds call it once per master, the import once
 * per chunk.
 */
export async function insertFieldRows(db: DbOrTx, which: SQL): Promise<void> {
  await db.execute(sql`
    insert into asset_field_values (asset_id, master_id, field_name, value_text, value_number)
    select a.id, a.master_id, f->>'fieldName',
      case when f->>'fieldType' = 'Number' then null
           when f->>'fieldType' = 'String' then lower(a.values->>(f->>'fieldName'))
           else a.values->>(f->>'fieldName') end,
      case when f->>'fieldType' = 'Number' then (a.values->>(f->>'fieldName'))::float8 end
    from assets a
    join asset_masters m on m.id = a.master_id
    cross join lateral jsonb_array_elements(m.fields) f
    where ${which}
    on conflict do nothing`);
}

/** The typed rows of every asset of a master (demo and bench seeds insert assets set-based, then call this once). */
export async function rebuildFieldRows(db: DbOrTx, masterId: string): Promise<void> {
  await insertFieldRows(db, sql`a.master_id = ${masterId}`);
}

export interface TSeedSpread {
  masterId: string;
  count: number;
  /** Centre and half-width (degrees) of the square the assets are spread over. */
  lat: number;
  lon: number;
  spread: number;
  /** An SQL expression over `g` (1..count) giving the values jsonb. */
  values: ReturnType<typeof sql>;
  /** Seed offset, so types do not sit on the same points. */
  offset: number;
}

/**
 * Inserts `count` assets in one statement: positions scattered deterministically (a golden-ratio
 * sequence, no random()) around the centre, created over the last two years.
 */
export async function insertSpreadAssets(db: DbOrTx, spec: TSeedSpread): Promise<void> {
  await db.execute(sql`
    with block as (select ${takeNumbers('asset', sql`${spec.count}::int`)} as first)
    insert into assets (asset_number, master_id, status, lon, lat, values, created_at, updated_at)
    select (select first from block) + g - 1, ${spec.masterId}::uuid,
      (g % 17) <> 0,
      ${spec.lon}::float8 + ${spec.spread}::float8 * (2 * ((g + ${spec.offset}) * 0.6180339887 - floor((g + ${spec.offset}) * 0.6180339887)) - 1),
      ${spec.lat}::float8 + ${spec.spread}::float8 * (2 * ((g + ${spec.offset}) * 0.7548776662 - floor((g + ${spec.offset}) * 0.7548776662)) - 1),
      ${spec.values},
      now() - make_interval(days => (g * 7) % 730),
      now() - make_interval(days => (g * 7) % 730)
    from generate_series(1, ${spec.count}::int) as g`);
}
