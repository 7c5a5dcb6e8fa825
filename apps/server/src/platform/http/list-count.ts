import type { FastifyReply } from 'fastify';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import {
  GRID_EXACT_COUNT_UP_TO, HAS_NEXT_PAGE_HEADER, NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_ESTIMATED_HEADER, TOTAL_COUNT_HEADER,
} from '@apron/core/common/headers';
import type { DbOrTx } from '../../db/client';

export interface ListCount {
  total: number;
  /** More rows match than were counted: `total` is the planner's estimate, at least the rows known to exist. */
  estimated: boolean;
  /** Whether a row exists after the page asked for: counted, never estimated. */
  hasNextPage: boolean;
  /** The count stopped at a cap (the public listings' 10,000): `total` is that cap, more rows match. */
  capped?: boolean;
  /** The cursor of the page's last row (X-Next-Cursor), where the list pages by keyset (list-keyset.ts). */
  nextCursor?: string;
}

/** The page a list request asks for (1-based). */
export interface ListWindow {
  page: number;
  pageSize: number;
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
 * How many rows a grid's filters match, and whether the page asked for has a next page, at a
 * cost that does not grow with the table: rows are counted exactly up to `GRID_EXACT_COUNT_UP_TO`
 * or to the end of the page asked for (whichever is further) plus one — no more than the page
 * itself reads. Beyond that the total is the planner's estimate (never below the rows counted),
 * flagged `estimated`. The estimate is stale wherever statistics lag (PGlite runs no autovacuum;
 * PostgreSQL after a bulk load), so `hasNextPage` never depends on it: a grid that trusted an
 * estimated total hid every row past it (issue 20). `matching` builds a select of one column from
 * the filtered table, without order or limit (a builder is changed by `.limit()`, so each use
 * builds its own).
 *
 * After a cursor (`after`, the keyset condition of list-keyset.ts, which `matching` adds to its
 * filters) only the page and one row more are read: the rows before the cursor are not counted,
 * so the total is the estimate (never below the rows known) and the grid pages on `hasNextPage`.
 */
export async function countMatching(db: DbOrTx, matching: (after?: SQL) => PgSelect, window: ListWindow, after?: SQL): Promise<ListCount> {
  if (after) return countAfter(db, matching, window, after);
  const pageEnd = window.page * window.pageSize;
  const countedUpTo = Math.max(GRID_EXACT_COUNT_UP_TO, pageEnd) + 1;
  const limited = matching().limit(countedUpTo).as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = counted?.n ?? 0;
  if (n < countedUpTo) return { total: n, estimated: false, hasNextPage: n > pageEnd };
  return { total: Math.max(await estimateRows(db, matching()), countedUpTo), estimated: true, hasNextPage: true };
}

async function countAfter(db: DbOrTx, matching: (after?: SQL) => PgSelect, window: ListWindow, after: SQL): Promise<ListCount> {
  const limited = matching(after).limit(window.pageSize + 1).as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = counted?.n ?? 0;
  const known = (window.page - 1) * window.pageSize + n;
  return { total: Math.max(await estimateRows(db, matching()), known), estimated: true, hasNextPage: n > window.pageSize };
}

/**
 * A list's count headers, for a list that counts to its page (`countMatching`, or a capped
 * count): X-Total-Count, X-Total-Count-Estimated or X-Total-Count-Capped when it is one,
 * X-Has-Next-Page, X-Next-Cursor (docs/api.md).
 */
export function sendListCount(reply: FastifyReply, count: ListCount): void {
  reply.header(TOTAL_COUNT_HEADER, String(count.total));
  if (count.estimated) reply.header(TOTAL_COUNT_ESTIMATED_HEADER, 'true');
  if (count.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
  reply.header(HAS_NEXT_PAGE_HEADER, String(count.hasNextPage));
  if (count.nextCursor) reply.header(NEXT_CURSOR_HEADER, count.nextCursor);
}

/**
 * X-Total-Count of a list that knows its exact total: a `count(*)` beside the page, or every row
 * of a bounded list (an agreement's properties, a master-data type). The client pages on it.
 */
export function sendTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}
