import { and, asc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AIRCRAFT_TYPES, type TTiedownListQuery } from '@apron/core/tiedowns';
import type { DbOrTx } from '../../db/client';
import { countMatching } from '../../platform/http/list-count';
import { containsPattern } from '../../platform/http/list-search';
import { resolveSort } from '../../platform/http/list-sort';
import { keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { tiedownRates, tiedownRequests, type TiedownRequestRow } from './tiedowns.table';

/** Whose requests a caller sees: all (Tiedown staff) or those they made (`created_by`). */
export type TiedownScope = { createdBy: string } | null;

const scoped = (scope: TiedownScope): SQL | undefined => (scope ? eq(tiedownRequests.createdBy, scope.createdBy) : undefined);

const SORTS: Record<string, AnyPgColumn | SQL> = {
  beginDate: tiedownRequests.beginDate,
  endDate: tiedownRequests.endDate,
  firstName: sql`lower(${tiedownRequests.firstName})`,
  lastName: sql`lower(${tiedownRequests.lastName})`,
  email: tiedownRequests.email,
  phone: tiedownRequests.phone,
  airCraftType: tiedownRequests.aircraftType,
  airCraftNum: tiedownRequests.aircraftNum,
  vehicleNum: tiedownRequests.vehicleNum,
  amount: tiedownRequests.amountCents,
  createdAt: tiedownRequests.createdAt,
};

function filtersOf(query: TTiedownListQuery, scope: TiedownScope): SQL | undefined {
  const filters: Array<SQL | undefined> = [scoped(scope)];
  if (query.from) filters.push(gte(tiedownRequests.beginDate, query.from));
  if (query.to) filters.push(lte(tiedownRequests.beginDate, query.to));
  if (query.airCraftType) filters.push(eq(tiedownRequests.aircraftType, query.airCraftType));
  if (query.q) {
    const r = tiedownRequests;
    filters.push(sql`lower(${r.firstName} || ' ' || ${r.lastName} || ' ' || ${r.email} || ' ' || ${r.phone} || ' ' || ${r.aircraftNum} || ' ' || ${r.vehicleNum} || ' ' || ${r.space}) like ${containsPattern(query.q)}`);
  }
  return and(...filters);
}

/** The grid: filtered, sorted (newest arrival first by default) and paged in SQL. */
export async function listTiedowns(db: DbOrTx, query: TTiedownListQuery, scope: TiedownScope) {
  const where = filtersOf(query, scope);
  const sort = resolveSort(SORTS, query.sort, { field: 'beginDate', direction: 'desc' as const });
  // Every sortable field is NOT NULL.
  const order = keysetOrder('tiedowns', `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction, nullable: false }, { by: tiedownRequests.id, direction: sort.direction }], query);
  const page = await db
    .select({ ...getTableColumns(tiedownRequests), cursorKeys: order.cursorKeys })
    .from(tiedownRequests)
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  const count = await countMatching(db, (after) => db.select({ id: tiedownRequests.id }).from(tiedownRequests).where(and(where, after)).$dynamic(), query, order.after);
  return { ...keysetPage(order, page), ...count };
}

export async function findTiedown(db: DbOrTx, id: string, scope: TiedownScope, forUpdate = false): Promise<TiedownRequestRow | null> {
  const query = db.select().from(tiedownRequests).where(and(eq(tiedownRequests.id, id), scoped(scope))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTiedownByKey(db: DbOrTx, idempotencyKey: string): Promise<TiedownRequestRow | null> {
  const [row] = await db.select().from(tiedownRequests).where(eq(tiedownRequests.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

export async function listRates(db: DbOrTx) {
  return db.select().from(tiedownRates).orderBy(asc(tiedownRates.sortOrder));
}

export async function findRateCents(db: DbOrTx, aircraftType: string): Promise<number | null> {
  const [row] = await db.select({ rateCents: tiedownRates.rateCents }).from(tiedownRates).where(eq(tiedownRates.aircraftType, aircraftType)).limit(1);
  return row?.rateCents ?? null;
}

/**
 * Requests per aircraft type whose arrival (an airport calendar date) falls in [start, end]:
 * every type of the spec is named, with 0 when none. `Ktrm` and the reports engineer's
 * `parkingRequestsByAircraftType` are this one query.
 */
export async function countByAircraftType(db: DbOrTx, start: string, end: string, type?: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: tiedownRequests.aircraftType, n: sql<number>`count(*)::int` })
    .from(tiedownRequests)
    .where(and(gte(tiedownRequests.beginDate, start), lte(tiedownRequests.beginDate, end), type ? eq(tiedownRequests.aircraftType, type) : undefined))
    .groupBy(tiedownRequests.aircraftType);
  const counts: Record<string, number> = Object.fromEntries((type ? [type] : AIRCRAFT_TYPES).map((t) => [t, 0]));
  for (const row of rows) counts[row.type] = Number(row.n);
  return counts;
}

/** The six aircraft types of doc 2 §9 with the spec's nightly rates (cents), as migration 0021 seeded them. */
export const DEFAULT_TIEDOWN_RATES: ReadonlyArray<{ aircraftType: string; rateCents: number }> = [
  { aircraftType: 'Single and Multi-Engine Piston', rateCents: 3000 },
  { aircraftType: 'Multi-Engine Turboprop', rateCents: 8000 },
  { aircraftType: 'Small Jet', rateCents: 3000 },
  { aircraftType: 'Medium Jet 1', rateCents: 3000 },
  { aircraftType: 'Medium Jet 2', rateCents: 5000 },
  { aircraftType: 'Large Jet', rateCents: 8000 },
];

/** A new airport's rate table (its provisioner, platform/tenancy): the defaults, where none is set. */
export async function provisionTiedownRates(tx: DbOrTx): Promise<void> {
  await tx
    .insert(tiedownRates)
    .values(DEFAULT_TIEDOWN_RATES.map((rate, i) => ({ ...rate, sortOrder: i + 1 })))
    .onConflictDoNothing({ target: [tiedownRates.airportId, tiedownRates.aircraftType] });
}
