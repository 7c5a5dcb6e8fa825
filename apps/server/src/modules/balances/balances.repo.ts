import { count, eq, sql } from 'drizzle-orm';
import type { TListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { balanceRecords, type BalanceRecordRow } from './balances.table';

/**
 * A company's records, newest first, each with the balance after it (running balance in date
 * order, by a window function in SQL).
 */
export async function listBalanceRecords(db: DbOrTx, companyId: string, query: TListQuery): Promise<{ rows: Array<BalanceRecordRow & { runningCents: number }>; total: number }> {
  const signed = sql`case when ${balanceRecords.type} = 'Credit' then ${balanceRecords.amountCents} else -${balanceRecords.amountCents} end`;
  const running = sql<string>`sum(${signed}) over (order by ${balanceRecords.dateApplied}, ${balanceRecords.createdAt}, ${balanceRecords.id})`;
  const inner = db
    .select({ id: balanceRecords.id, running: running.as('running') })
    .from(balanceRecords)
    .where(eq(balanceRecords.companyId, companyId))
    .as('r');
  const rows = await db
    .select({ record: balanceRecords, running: inner.running })
    .from(balanceRecords)
    .innerJoin(inner, eq(inner.id, balanceRecords.id))
    .orderBy(sql`${balanceRecords.dateApplied} desc`, sql`${balanceRecords.createdAt} desc`, sql`${balanceRecords.id} desc`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(balanceRecords).where(eq(balanceRecords.companyId, companyId));
  return { rows: rows.map((r) => ({ ...r.record, runningCents: Number(r.running) })), total: counted?.n ?? 0 };
}

/** Balance per company (Credits - Debits), for the given companies, in one read. */
export async function balancesOf(db: DbOrTx, companyIds: readonly string[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: balanceRecords.companyId, balance: sql<string>`sum(case when ${balanceRecords.type} = 'Credit' then ${balanceRecords.amountCents} else -${balanceRecords.amountCents} end)` })
    .from(balanceRecords)
    .where(inIdList(balanceRecords.companyId, companyIds))
    .groupBy(balanceRecords.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.balance)]));
}
