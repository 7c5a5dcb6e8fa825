import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TWorkorderGridQuery } from '@apron/core/workorders/index';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import { keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { containsPattern } from '../../platform/http/list-search';
import type { WorkorderScope } from './workorders.policy';
import { masterWorkorders, workorderAutoRules, workorders, type MasterWorkorderRow, type WorkorderRow } from './workorders.table';

/** The outer row's id inside a correlated subquery (drizzle would render a bare, ambiguous "id"). */
const OUTER_MASTER_ID = sql.raw('"master_workorders"."id"');

export type MasterWithCount = MasterWorkorderRow & { workorderCount: number };

/** Masters with the number of work orders the scope sees; a contractor sees only masters of their work orders. */
export async function listMasters(db: DbOrTx, scope: WorkorderScope): Promise<MasterWithCount[]> {
  const visible = scope === null ? sql`true` : sql`${workorders.contractorEmail} = ${scope}`;
  const counted = sql<number>`(select count(*)::int from ${workorders} where ${workorders.masterWorkorderId} = ${OUTER_MASTER_ID} and ${visible})`;
  const rows = await db
    .select({ master: masterWorkorders, workorderCount: counted })
    .from(masterWorkorders)
    .where(scope === null ? undefined : sql`exists (select 1 from ${workorders} where ${workorders.masterWorkorderId} = ${OUTER_MASTER_ID} and ${visible})`)
    .orderBy(sql`lower(${masterWorkorders.name})`, asc(masterWorkorders.id));
  return rows.map((r) => ({ ...r.master, workorderCount: r.workorderCount }));
}

export async function findMaster(db: DbOrTx, id: string, scope: WorkorderScope = null): Promise<MasterWorkorderRow | null> {
  const visible =
    scope === null
      ? eq(masterWorkorders.id, id)
      : and(eq(masterWorkorders.id, id), sql`exists (select 1 from ${workorders} where ${workorders.masterWorkorderId} = ${OUTER_MASTER_ID} and ${workorders.contractorEmail} = ${scope})`);
  const [row] = await db.select().from(masterWorkorders).where(visible).limit(1);
  return row ?? null;
}

export async function countWorkordersOfMaster(db: DbOrTx, masterId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workorders).where(eq(workorders.masterWorkorderId, masterId));
  return row?.n ?? 0;
}

/** master workorder id -> the master inspections whose failed checks open work orders on it. */
export async function listRules(db: DbOrTx, masterIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(masterIds.map((id) => [id, []]));
  if (masterIds.length === 0) return map;
  const rows = await db.select().from(workorderAutoRules).where(inArray(workorderAutoRules.masterWorkorderId, [...masterIds])).orderBy(asc(workorderAutoRules.masterInspectionId));
  for (const row of rows) map.get(row.masterWorkorderId)?.push(row.masterInspectionId);
  return map;
}

export async function findRuleForMasterInspection(db: DbOrTx, masterInspectionId: string): Promise<string | null> {
  const [row] = await db.select().from(workorderAutoRules).where(eq(workorderAutoRules.masterInspectionId, masterInspectionId)).limit(1);
  return row?.masterWorkorderId ?? null;
}

/** Master inspections (of `ids`) already claimed by another master work order. */
export async function rulesTakenElsewhere(db: DbOrTx, masterId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: workorderAutoRules.masterInspectionId })
    .from(workorderAutoRules)
    .where(and(inArray(workorderAutoRules.masterInspectionId, [...ids]), ne(workorderAutoRules.masterWorkorderId, masterId)));
  return rows.map((r) => r.id);
}

export async function replaceRules(db: DbOrTx, masterId: string, ids: readonly string[]): Promise<void> {
  await db.delete(workorderAutoRules).where(eq(workorderAutoRules.masterWorkorderId, masterId));
  if (ids.length > 0) await db.insert(workorderAutoRules).values([...new Set(ids)].map((id) => ({ masterInspectionId: id, masterWorkorderId: masterId })));
}

// ---- Work orders --------------------------------------------------------------------------------

export type WorkorderWithMaster = WorkorderRow & { masterName: string };

const SORTS: Record<string, SQL | AnyPgColumn> = {
  refnumber: sql`lower(${workorders.refNumber})`,
  status: workorders.status,
  name: sql`lower(${workorders.contractorName})`,
  email: workorders.contractorEmail,
  createdDate: workorders.createdAt,
};

function scopeFilter(scope: WorkorderScope): SQL | undefined {
  return scope === null ? undefined : eq(workorders.contractorEmail, scope);
}

/** One page of work orders (of one master when `workorderId` is given), sorted and counted in SQL. */
export async function listWorkorders(db: DbOrTx, query: TWorkorderGridQuery, scope: WorkorderScope): Promise<{ rows: WorkorderWithMaster[] } & ListCount> {
  const filters: SQL[] = [];
  const scoped = scopeFilter(scope);
  if (scoped) filters.push(scoped);
  if (query.workorderId) filters.push(eq(workorders.masterWorkorderId, query.workorderId));
  if (query.status) filters.push(eq(workorders.status, query.status));
  if (query.q) filters.push(sql`lower(${workorders.refNumber} || ' ' || ${workorders.contractorName} || ' ' || ${workorders.contractorEmail}) like ${containsPattern(query.q)}`);
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'createdDate', direction: 'desc' as const });
  // Every sortable field is NOT NULL.
  const order = keysetOrder('workorders', `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction, nullable: false }, { by: workorders.id, direction: sort.direction }], query);
  const page = await db
    .select({ workorder: workorders, masterName: masterWorkorders.name, cursorKeys: order.cursorKeys })
    .from(workorders)
    .innerJoin(masterWorkorders, eq(masterWorkorders.id, workorders.masterWorkorderId))
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  const count = await countMatching(db, (after) => db.select({ id: workorders.id }).from(workorders).where(and(where, after)).$dynamic(), query, order.after);
  const { rows, nextCursor } = keysetPage(order, page);
  return { rows: rows.map((r) => ({ ...r.workorder, masterName: r.masterName })), ...count, ...(nextCursor ? { nextCursor } : {}) };
}

export async function findWorkorder(db: DbOrTx, id: string, scope: WorkorderScope, forUpdate = false): Promise<WorkorderWithMaster | null> {
  const scoped = scopeFilter(scope);
  const query = db
    .select({ workorder: workorders, masterName: masterWorkorders.name })
    .from(workorders)
    .innerJoin(masterWorkorders, eq(masterWorkorders.id, workorders.masterWorkorderId))
    .where(scoped ? and(eq(workorders.id, id), scoped) : eq(workorders.id, id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: workorders }) : await query;
  return row ? { ...row.workorder, masterName: row.masterName } : null;
}

export async function listWorkordersOfInspection(db: DbOrTx, inspectionId: string, scope: WorkorderScope): Promise<WorkorderWithMaster[]> {
  const scoped = scopeFilter(scope);
  const rows = await db
    .select({ workorder: workorders, masterName: masterWorkorders.name })
    .from(workorders)
    .innerJoin(masterWorkorders, eq(masterWorkorders.id, workorders.masterWorkorderId))
    .where(scoped ? and(eq(workorders.inspectionId, inspectionId), scoped) : eq(workorders.inspectionId, inspectionId))
    .orderBy(asc(workorders.createdAt), asc(workorders.id));
  return rows.map((r) => ({ ...r.workorder, masterName: r.masterName }));
}

export async function isRefNumberTaken(db: DbOrTx, refNumber: string, exceptId?: string): Promise<boolean> {
  const same = sql`lower(${workorders.refNumber}) = lower(${refNumber})`;
  const [row] = await db
    .select({ id: workorders.id })
    .from(workorders)
    .where(exceptId ? and(same, ne(workorders.id, exceptId)) : same)
    .limit(1);
  return !!row;
}

export async function findMasterByName(db: DbOrTx, name: string): Promise<MasterWorkorderRow | null> {
  const [row] = await db.select().from(masterWorkorders).where(eq(masterWorkorders.name, name)).limit(1);
  return row ?? null;
}
