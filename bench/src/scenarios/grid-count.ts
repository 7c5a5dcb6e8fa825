import type { Database } from '../../../apps/server/src/db/db.bench-support';

/** As apps/server/src/platform/http/list-count.ts `countMatching`: exact up to 1,000, else the planner's estimate. */
export const GRID_EXACT_COUNT_UP_TO = 1_000;

/**
 * As `countMatching`: counts up to 1,000 or the end of the page asked for (whichever is further)
 * plus one — the app learns from it whether a next page exists — and estimates beyond.
 */
async function estimateBare(database: Database, matchingSql: string, params: unknown[]): Promise<number> {
  const explained = await database.query(`explain (format json) ${matchingSql}`, params);
  const raw = explained.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

export async function countMatchingBare(database: Database, matchingSql: string, params: unknown[], pageEnd = 10): Promise<number> {
  const countedUpTo = Math.max(GRID_EXACT_COUNT_UP_TO, pageEnd) + 1;
  const counted = await database.query(`select count(*)::int as n from (${matchingSql} limit ${countedUpTo}) matching`, params);
  const n = Number(counted.rows[0]?.n ?? 0);
  if (n < countedUpTo) return n;
  return Math.max(await estimateBare(database, matchingSql, params), countedUpTo);
}

/**
 * As `countMatching` after a cursor: the page and one row more after it (`matchingAfterSql`), and
 * the estimate of all matching rows (`matchingSql`) for the total.
 */
export async function countAfterBare(database: Database, matchingSql: string, matchingAfterSql: string, params: unknown[], afterParams: unknown[], pageSize = 10): Promise<number> {
  const counted = await database.query(`select count(*)::int as n from (${matchingAfterSql} limit ${pageSize + 1}) matching`, afterParams);
  return Math.max(await estimateBare(database, matchingSql, params), Number(counted.rows[0]?.n ?? 0));
}
