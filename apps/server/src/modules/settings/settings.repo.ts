import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE_SIZE, type TListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import type { MasterDefinition } from './master-data.registry';
import { containsPattern } from '../../platform/http/list-search';

type Row = Record<string, unknown>;

/** The select of a type: its computed columns where it has any (system settings held by the airport). */
function selectOf(db: DbOrTx, def: MasterDefinition) {
  return def.selection ? db.select(def.selection) : db.select();
}

/** ORDER BY from `sort=field:dir`, whitelisted per type; the id breaks ties so pages are stable. */
export function orderFor(def: MasterDefinition, sort: string | undefined): SQL[] {
  const parsed = resolveSort(def.sort, sort, { field: def.defaultSort, direction: 'asc' });
  const by = parsed.direction === 'desc' ? desc : asc;
  return [by(parsed.by), asc(def.table.id)];
}

export async function listMasterRows(db: DbOrTx, def: MasterDefinition, query: TListQuery): Promise<{ rows: Row[]; total: number }> {
  const where = query.q ? sql`${def.search} like ${containsPattern(query.q)}` : undefined;
  const order = orderFor(def, query.sort);
  const [rows, [counted]] = await Promise.all([
    selectOf(db, def)
      .from(def.table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(def.table).where(where),
  ]);
  return { rows: rows as Row[], total: counted?.n ?? 0 };
}

/** Every row, by name (select boxes); capped like every list. */
export async function listAllMasterRows(db: DbOrTx, def: MasterDefinition): Promise<Row[]> {
  const rows = await selectOf(db, def).from(def.table).orderBy(...orderFor(def, undefined)).limit(MAX_PAGE_SIZE);
  return rows as Row[];
}

export async function findMasterRow(db: DbOrTx, def: MasterDefinition, id: string, forUpdate = false): Promise<Row | null> {
  const query = selectOf(db, def).from(def.table).where(eq(def.table.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return (row as Row | undefined) ?? null;
}

/** Whether another row already holds the unique value (case-insensitive where the type says so). */
export async function isUniqueValueTaken(db: DbOrTx, def: MasterDefinition, value: string, exceptId?: string): Promise<boolean> {
  const lowered = def.unique.caseSensitive ? value : value.toLowerCase();
  const [row] = await db
    .select({ id: def.table.id })
    .from(def.table)
    .where(and(sql`${def.unique.expression} = ${lowered}`, exceptId ? ne(def.table.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertMasterRow(db: DbOrTx, def: MasterDefinition, values: Row): Promise<Row> {
  const [row] = await db.insert(def.table).values(values).returning();
  return row as Row;
}

export async function updateMasterRow(db: DbOrTx, def: MasterDefinition, id: string, values: Row): Promise<Row | null> {
  const [row] = await db
    .update(def.table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(def.table.id, id))
    .returning();
  return (row as Row | undefined) ?? null;
}

export async function deleteMasterRow(db: DbOrTx, def: MasterDefinition, id: string): Promise<Row | null> {
  const [row] = await db.delete(def.table).where(eq(def.table.id, id)).returning();
  return (row as Row | undefined) ?? null;
}
