import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { GRID_EXACT_COUNT_UP_TO } from '@apron/core/common/headers';
import type { DbOrTx } from '../../db/client';

export interface ListCount {
  total: number;
  /** More than `GRID_EXACT_COUNT_UP_TO` rows match: `total` is the planner's estimate. */
  estimated: boolean;
}

interface ExplainNode {
  Plan?: { 'Plan Rows'?: number };
}

/** The planner's row estimate for a query (EXPLAIN, nothing is run). */
async function estimateRows(db: DbOrTx, matching: PgSelect): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${matching}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExplainNode[] | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * How many rows a grid's filters match, at a cost that does not grow with the table: rows are
 * counted exactly up to `GRID_EXACT_COUNT_UP_TO` (an index walk that stops there); beyond it the
 * total is the planner's estimate (never below the limit + 1), flagged `estimated`. An exact
 * count of 500,000 matching invoices reads 500,000 index entries on every page of the grid.
 * `matching` builds a select of one column from the filtered table, without order or limit (a
 * builder is changed by `.limit()`, so each use builds its own).
 */
export async function countMatching(db: DbOrTx, matching: () => PgSelect): Promise<ListCount> {
  const limited = matching().limit(GRID_EXACT_COUNT_UP_TO + 1).as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = counted?.n ?? 0;
  if (n <= GRID_EXACT_COUNT_UP_TO) return { total: n, estimated: false };
  return { total: Math.max(await estimateRows(db, matching()), GRID_EXACT_COUNT_UP_TO + 1), estimated: true };
}
