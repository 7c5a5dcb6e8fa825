import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { TAssetFieldConfig, TAssetFieldValue } from '@apron/core/assets/index';
import type { DbOrTx } from '../../db/client';
import { assetFieldValues, assets, type AssetRow } from './assets.table';

export type NewAsset = typeof assets.$inferInsert;

/** The typed copy of one value (see the table): what filters and sorts compare. */
export function typedValue(field: Pick<TAssetFieldConfig, 'fieldType'>, value: TAssetFieldValue): { valueText: string | null; valueNumber: number | null } {
  if (value === null || value === undefined) return { valueText: null, valueNumber: null };
  switch (field.fieldType) {
    case 'Number':
      return { valueText: null, valueNumber: Number(value) };
    case 'String':
      return { valueText: String(value).toLowerCase(), valueNumber: null };
    default:
      return { valueText: String(value), valueNumber: null };
  }
}

export async function findAsset(db: DbOrTx, id: string, forUpdate = false): Promise<AssetRow | null> {
  const query = db.select().from(assets).where(eq(assets.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertAsset(db: DbOrTx, values: NewAsset): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  return row!;
}

export async function updateAssetRow(db: DbOrTx, id: string, values: Partial<NewAsset>): Promise<AssetRow> {
  const [row] = await db.update(assets).set({ ...values, updatedAt: new Date() }).where(eq(assets.id, id)).returning();
  return row!;
}

/** Replaces an asset's typed rows: one per configured field, null when empty. */
export async function writeFieldRows(db: DbOrTx, asset: Pick<AssetRow, 'id' | 'masterId' | 'values'>, fields: readonly TAssetFieldConfig[]): Promise<void> {
  await db.delete(assetFieldValues).where(eq(assetFieldValues.assetId, asset.id));
  if (fields.length === 0) return;
  await db.insert(assetFieldValues).values(
    fields.map((field) => ({ assetId: asset.id, masterId: asset.masterId, fieldName: field.fieldName, ...typedValue(field, asset.values[field.fieldName] ?? null) })),
  );
}

export interface TAssetListPlan {
  masterId: string | null;
  /** An `exists` over asset_field_values, or a fixed-column condition. */
  filter: SQL | null;
  /** The same filter on a configured field as a condition over `f` (the typed rows), for the count. */
  fieldFilter?: { fieldName: string; condition: SQL } | null;
  sort: { kind: 'column'; by: 'status' | 'createdAt' | 'assetnumber'; direction: 'asc' | 'desc' } | { kind: 'field'; fieldName: string; column: 'text' | 'number'; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

const COLUMN_SORTS = { status: assets.status, createdAt: assets.createdAt, assetnumber: assets.assetNumber } as const;

function whereOf(plan: TAssetListPlan): SQL | undefined {
  const conditions: SQL[] = [];
  if (plan.masterId) conditions.push(eq(assets.masterId, plan.masterId));
  if (plan.filter) conditions.push(plan.filter);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of the asset list. The default (newest first) walks assets_master_created_idx; a sort
 * by a configured field drives from that field's typed rows (asset_field_values_*_idx), so the
 * page is an index walk that stops at the page either way.
 */
export async function listAssets(db: DbOrTx, plan: TAssetListPlan): Promise<AssetRow[]> {
  const where = whereOf(plan);
  const dir = (column: Parameters<typeof asc>[0]) => (plan.sort.direction === 'desc' ? desc(column) : asc(column));
  if (plan.sort.kind === 'column') {
    return db
      .select()
      .from(assets)
      .where(where)
      .orderBy(dir(COLUMN_SORTS[plan.sort.by]), dir(assets.id))
      .limit(plan.limit)
      .offset(plan.offset);
  }
  const sortColumn = plan.sort.column === 'number' ? assetFieldValues.valueNumber : assetFieldValues.valueText;
  const rows = await db
    .select({ asset: assets })
    .from(assetFieldValues)
    .innerJoin(assets, eq(assets.id, assetFieldValues.assetId))
    .where(and(eq(assetFieldValues.masterId, plan.masterId!), eq(assetFieldValues.fieldName, plan.sort.fieldName), where))
    .orderBy(dir(sortColumn), dir(assetFieldValues.assetId))
    .limit(plan.limit)
    .offset(plan.offset);
  return rows.map((row) => row.asset);
}

const typedRows = alias(assetFieldValues, 'f');

/**
 * The matching rows for countMatching (platform/http/list-count.ts). A filter on a configured
 * field is counted on its typed rows alone: an index-only walk of (master, field, value), and
 * the planner's estimate beyond 1,000 comes from that column's statistics.
 */
export function matchingAssets(db: DbOrTx, plan: TAssetListPlan): () => PgSelect {
  const byField = plan.fieldFilter;
  if (byField && plan.masterId) {
    return () =>
      db
        .select({ id: typedRows.assetId })
        .from(typedRows)
        .where(and(eq(typedRows.masterId, plan.masterId!), eq(typedRows.fieldName, byField.fieldName), byField.condition))
        .$dynamic();
  }
  return () => db.select({ id: assets.id }).from(assets).where(whereOf(plan)).$dynamic();
}

/** `exists` a typed row of `fieldName` with `condition` (over asset_field_values as `f`). */
export function fieldCondition(masterId: string, fieldName: string, condition: SQL): SQL {
  return sql`exists (select 1 from asset_field_values f where f.asset_id = ${assets.id} and f.master_id = ${masterId} and f.field_name = ${fieldName} and ${condition})`;
}

// ---- Map ------------------------------------------------------------------------------------

export interface TBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

function inBounds(bounds: TBounds, masterId: string | undefined): SQL {
  const box = sql`point(${assets.lon}, ${assets.lat}) <@ box(point(${bounds.west}, ${bounds.south}), point(${bounds.east}, ${bounds.north}))`;
  return masterId ? sql`${box} and ${assets.masterId} = ${masterId}` : box;
}

/** How many assets are in the bounds, counting no further than `upTo` (a GiST walk that stops). */
export async function countInBounds(db: DbOrTx, bounds: TBounds, masterId: string | undefined, upTo: number): Promise<number> {
  const limited = db.select({ one: sql`1` }).from(assets).where(inBounds(bounds, masterId)).limit(upTo).as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return row?.n ?? 0;
}

export async function pointsInBounds(db: DbOrTx, bounds: TBounds, masterId: string | undefined, limit: number) {
  return db
    .select({ id: assets.id, masterId: assets.masterId, assetNumber: assets.assetNumber, lat: assets.lat, lon: assets.lon, createdAt: assets.createdAt })
    .from(assets)
    .where(inBounds(bounds, masterId))
    .orderBy(asc(assets.assetNumber))
    .limit(limit);
}

/** Grid clusters of the assets in the bounds: `cells` across the longer side. */
export async function clustersInBounds(db: DbOrTx, bounds: TBounds, masterId: string | undefined, cells: number) {
  const size = Math.max(bounds.east - bounds.west, bounds.north - bounds.south, 1e-9) / cells;
  const result = await db.execute(sql`
    select count(*)::int as n, avg(lon)::float8 as lon, avg(lat)::float8 as lat, mode() within group (order by master_id) as master_id
    from assets
    where ${inBounds(bounds, masterId)}
    group by floor((lon - ${bounds.west}) / ${size}), floor((lat - ${bounds.south}) / ${size})`);
  const rows = (result as unknown as { rows: Array<{ n: number; lon: number; lat: number; master_id: string }> }).rows;
  return rows.map((row) => ({ count: Number(row.n), lon: Number(row.lon), lat: Number(row.lat), masterId: String(row.master_id) }));
}
