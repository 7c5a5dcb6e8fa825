import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readSetting } from '@apron/core';
import { loadSystemSettings } from '../settings/index';
import { workorders } from './workorders.table';

export type TBucketGrouping = 'hour' | 'day' | 'month';

/**
 * Work orders opened per hour, day or month between `start` (inclusive) and `end` (exclusive),
 * for the dashboard and interactive reports. `bucket` is the bucket's local start in the airport
 * time zone (System Settings TIME_ZONE) as ISO text without offset: '2026-11-23T00:00:00'.
 * Empty buckets are not returned. Counted in SQL (the created_at index bounds the scan).
 */
export async function workordersOpenedByBucket(
  db: DbOrTx,
  range: { start: Date; end: Date; grouping: TBucketGrouping },
): Promise<Array<{ bucket: string; count: number }>> {
  const timeZone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  const unit = { hour: 'hour', day: 'day', month: 'month' }[range.grouping];
  if (!unit) throw new Error(`Unknown grouping ${String(range.grouping)}`);
  const local = sql`date_trunc(${unit}, ${workorders.createdAt} at time zone ${timeZone})`;
  const result = await db.execute<{ bucket: string; count: number }>(sql`
    select to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS') as bucket, count(*)::int as count
    from ${workorders}
    where ${workorders.createdAt} >= ${range.start.toISOString()}::timestamptz and ${workorders.createdAt} < ${range.end.toISOString()}::timestamptz
    group by 1 order by 1`);
  const rows = (result as unknown as { rows: Array<{ bucket: string; count: number | string }> }).rows;
  return rows.map((row) => ({ bucket: row.bucket, count: Number(row.count) }));
}

/** Work orders not yet Completed. */
export async function openWorkorderCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(workorders).where(sql`${workorders.status} <> 'Completed'`);
  return Number(row?.n ?? 0);
}
