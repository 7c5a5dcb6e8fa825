import { fromCents, type TBalanceRecord, type TBalanceType } from '@apron/core';
import type { BalanceRecordRow } from './balances.table';

/** A ledger row as the API shows it, with the balance after it. */
export function presentRecord(row: BalanceRecordRow & { runningCents: number }): TBalanceRecord {
  return {
    _id: row.id,
    tenantId: row.companyId,
    accountNum: row.accountNumMasked,
    routingNum: row.routingNum,
    amount: fromCents(row.amountCents),
    type: row.type as TBalanceType,
    dateApplied: row.dateApplied,
    reference: row.reference,
    runningBalance: fromCents(row.runningCents),
    createdAt: row.createdAt.toISOString(),
  };
}
