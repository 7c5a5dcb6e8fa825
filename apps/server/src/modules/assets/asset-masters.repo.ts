import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TAssetFieldConfig } from '@apron/core/assets/index';
import type { DbOrTx } from '../../db/client';
import { assetFieldValues, assetMasters, assets, type AssetMasterRow } from './assets.table';

export type NewAssetMaster = typeof assetMasters.$inferInsert;

/** Every master by name, with how many assets each has (one grouped count, not one per master). */
export async function listMasters(db: DbOrTx): Promise<Array<AssetMasterRow & { assetCount: number }>> {
  const rows = await db.select().from(assetMasters).orderBy(sql`lower(${assetMasters.name})`, asc(assetMasters.id));
  const counts = await countAssetsByMaster(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, assetCount: counts.get(row.id) ?? 0 }));
}

export async function countAssetsByMaster(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ masterId: assets.masterId, n: count() })
    .from(assets)
    .where(inArray(assets.masterId, [...ids]))
    .groupBy(assets.masterId);
  return new Map(rows.map((row) => [row.masterId, row.n]));
}

export async function findMaster(db: DbOrTx, id: string, forUpdate = false): Promise<AssetMasterRow | null> {
  const query = db.select().from(assetMasters).where(eq(assetMasters.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertMaster(db: DbOrTx, values: NewAssetMaster): Promise<AssetMasterRow> {
  const [row] = await db.insert(assetMasters).values(values).returning();
  return row!;
}

export async function updateMasterRow(db: DbOrTx, id: string, values: Partial<NewAssetMaster>): Promise<AssetMasterRow> {
  const [row] = await db.update(assetMasters).set({ ...values, updatedAt: new Date() }).where(eq(assetMasters.id, id)).returning();
  return row!;
}

export async function deleteMasterRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(assetMasters).where(eq(assetMasters.id, id));
}

/**
 * After a configuration change: typed rows of removed fields go, every asset of the master gets
 * an (empty) row for each added field, so a sort by the new field still lists every asset.
 */
export async function reconcileFieldRows(db: DbOrTx, masterId: string, before: readonly TAssetFieldConfig[], after: readonly TAssetFieldConfig[]): Promise<void> {
  const kept = new Set(after.map((field) => field.fieldName));
  const removed = before.map((field) => field.fieldName).filter((name) => !kept.has(name));
  if (removed.length > 0) {
    await db.delete(assetFieldValues).where(and(eq(assetFieldValues.masterId, masterId), inArray(assetFieldValues.fieldName, removed)));
  }
  const existing = new Set(before.map((field) => field.fieldName));
  for (const field of after.filter((candidate) => !existing.has(candidate.fieldName))) {
    await db.execute(sql`
      insert into asset_field_values (asset_id, master_id, field_name, value_text, value_number)
      select a.id, a.master_id, ${field.fieldName}, null, null from assets a where a.master_id = ${masterId}
      on conflict do nothing`);
  }
}
