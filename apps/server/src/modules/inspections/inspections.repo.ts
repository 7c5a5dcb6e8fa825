import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TInspectionListQuery, TInspectionStatus } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { resolveSort } from '../../platform/http/list-sort';
import { keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { containsPattern } from '../../platform/http/list-search';
import { inspections, masterInspections, type InspectionRow, type MasterInspectionRow, type NewInspection } from './inspections.table';

// ---- Master inspections ---------------------------------------------------------------------

export type MasterWithCount = MasterInspectionRow & { inspectionCount: number };

// Written out qualified: inside a single-table select drizzle leaves columns unqualified, and an
// unqualified "id" in the subquery would be the inspection's.
const inspectionCountSql = sql<number>`(select count(*)::int from "inspections" i where i."master_inspection_id" = "master_inspections"."id")`.mapWith(Number);

export async function listMasters(db: DbOrTx): Promise<MasterWithCount[]> {
  return db
    .select({ ...allMasterColumns(), inspectionCount: inspectionCountSql })
    .from(masterInspections)
    .orderBy(sql`lower(${masterInspections.name})`, asc(masterInspections.id))
    .limit(1000);
}

function allMasterColumns() {
  const { id, airportId, name, description, adhoc, module, scheduled, expression, formId, lastScheduledAt, createdAt, updatedAt } = masterInspections;
  return { id, airportId, name, description, adhoc, module, scheduled, expression, formId, lastScheduledAt, createdAt, updatedAt };
}

export async function findMaster(db: DbOrTx, id: string, forUpdate = false): Promise<MasterWithCount | null> {
  if (forUpdate) {
    const [locked] = await db.select().from(masterInspections).where(eq(masterInspections.id, id)).for('update');
    if (!locked) return null;
  }
  const [row] = await db.select({ ...allMasterColumns(), inspectionCount: inspectionCountSql }).from(masterInspections).where(eq(masterInspections.id, id));
  return row ?? null;
}

export async function insertMaster(db: DbOrTx, values: typeof masterInspections.$inferInsert): Promise<MasterInspectionRow> {
  const [row] = await db.insert(masterInspections).values(values).returning();
  return row!;
}

export async function updateMasterRow(db: DbOrTx, id: string, values: Partial<typeof masterInspections.$inferInsert>): Promise<MasterInspectionRow> {
  const [row] = await db.update(masterInspections).set({ ...values, updatedAt: new Date() }).where(eq(masterInspections.id, id)).returning();
  return row!;
}

export async function deleteMasterRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(masterInspections).where(eq(masterInspections.id, id));
}

export async function findMasterByName(db: DbOrTx, name: string): Promise<MasterInspectionRow | null> {
  const [row] = await db.select().from(masterInspections).where(eq(masterInspections.name, name)).limit(1);
  return row ?? null;
}

export async function listScheduledMasters(db: DbOrTx): Promise<MasterInspectionRow[]> {
  return db.select().from(masterInspections).where(eq(masterInspections.scheduled, true));
}

// ---- Inspections ----------------------------------------------------------------------------

export type InspectionWithMaster = InspectionRow & { masterName: string; masterScheduled: boolean };

const withMaster = () => ({ masterName: masterInspections.name, masterScheduled: masterInspections.scheduled });

const SORTS: Record<string, SQL | AnyPgColumn> = {
  status: inspections.status,
  name: sql`lower(${inspections.inspectorName})`,
  email: inspections.inspectorEmail,
  createdDate: inspections.createdAt,
  inspectionfor: sql`lower(${inspections.subjectName})`,
};

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`lower(${inspections.inspectorName} || ' ' || ${inspections.inspectorEmail} || ' ' || ${inspections.subjectName}) like ${containsPattern(q)}`;
}

/**
 * One page of a master's inspections (staff), or of an inspector's (`email`): ownership is part
 * of the query. Sorted by a whitelisted field, then id.
 */
export async function listInspections(
  db: DbOrTx,
  query: Pick<TInspectionListQuery, 'page' | 'pageSize' | 'sort' | 'q' | 'status'> & { inspectionId?: string },
  scope: { email: string | null },
): Promise<{ rows: InspectionWithMaster[] } & ListCount> {
  const filters: SQL[] = [];
  if (query.inspectionId) filters.push(eq(inspections.masterInspectionId, query.inspectionId));
  if (scope.email !== null) filters.push(eq(inspections.inspectorEmail, scope.email));
  if (query.status) filters.push(eq(inspections.status, query.status));
  const search = searchFilter(query.q);
  if (search) filters.push(search);
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'createdDate', direction: 'desc' });
  // Every sortable field is NOT NULL (blank text is '').
  const order = keysetOrder('inspections', `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction, nullable: false }, { by: inspections.id, direction: sort.direction }], query);
  const page = await db
    .select({ ...inspectionColumns(), ...withMaster(), cursorKeys: order.cursorKeys })
    .from(inspections)
    .innerJoin(masterInspections, eq(masterInspections.id, inspections.masterInspectionId))
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  const count = await countMatching(db, (after) => db.select({ id: inspections.id }).from(inspections).where(and(where, after)).$dynamic(), query, order.after);
  return { ...keysetPage(order, page), ...count };
}

function inspectionColumns() {
  const c = inspections;
  return {
    id: c.id, airportId: c.airportId, masterInspectionId: c.masterInspectionId, module: c.module, subjectId: c.subjectId, subjectName: c.subjectName,
    inspectorName: c.inspectorName, inspectorEmail: c.inspectorEmail, status: c.status, formId: c.formId, formVersion: c.formVersion,
    data: c.data, scheduleTick: c.scheduleTick, completedAt: c.completedAt, completedBy: c.completedBy, createdAt: c.createdAt, updatedAt: c.updatedAt,
  };
}

/** One inspection; `email` limits it to the inspector's own (anything else is not found). */
export async function findInspection(db: DbOrTx, id: string, scope: { email: string | null } = { email: null }, forUpdate = false): Promise<InspectionWithMaster | null> {
  const filters = [eq(inspections.id, id)];
  if (scope.email !== null) filters.push(eq(inspections.inspectorEmail, scope.email));
  const query = db
    .select({ ...inspectionColumns(), ...withMaster() })
    .from(inspections)
    .innerJoin(masterInspections, eq(masterInspections.id, inspections.masterInspectionId))
    .where(and(...filters))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: inspections }) : await query;
  return row ?? null;
}

export async function insertInspection(db: DbOrTx, values: NewInspection): Promise<InspectionRow> {
  const [row] = await db.insert(inspections).values(values).returning();
  return row!;
}

export async function updateInspectionRow(db: DbOrTx, id: string, values: Partial<NewInspection>): Promise<InspectionRow> {
  const [row] = await db.update(inspections).set({ ...values, updatedAt: new Date() }).where(eq(inspections.id, id)).returning();
  return row!;
}

export async function listInspectionOptions(db: DbOrTx, masterInspectionId: string): Promise<Array<{ id: string; name: string; createdAt: Date }>> {
  return db
    .select({ id: inspections.id, name: sql<string>`coalesce(nullif(${inspections.subjectName}, ''), ${masterInspections.name})`, createdAt: inspections.createdAt })
    .from(inspections)
    .innerJoin(masterInspections, eq(masterInspections.id, inspections.masterInspectionId))
    .where(eq(inspections.masterInspectionId, masterInspectionId))
    .orderBy(desc(inspections.createdAt), desc(inspections.id))
    .limit(1000);
}

export async function countOpenInspections(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inspections).where(ne(inspections.status, 'Completed'));
  return row?.n ?? 0;
}

export async function countInspectionsByStatus(db: DbOrTx, masterInspectionId: string, status: TInspectionStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inspections).where(and(eq(inspections.masterInspectionId, masterInspectionId), eq(inspections.status, status)));
  return row?.n ?? 0;
}
