import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TBillingHold } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findCompany } from '../companies/index';
import { invoiceCycleHolds, type InvoiceCycleHoldRow } from './billing-run.table';

/**
 * Holds (issue 24): one company kept out of one period of one invoice cycle, with the reason in
 * the audit trail. The cycle's runs - the daily one and a run by hand - skip the held company's
 * agreements for that period (`companyHeldSql`, part of the run's one listing statement); the next
 * period is not held, so it is billed as usual. Released within the period, the company is billed
 * by the next run of that period (the daily run bills the period containing today, every day).
 */
const AUDIT_ENTITY = 'invoiceCycleHold';

/** The company is held for the cycle's period (keyed by its first day): the run's skip condition. */
export function companyHeldSql(cycleId: string, periodStart: string, companyId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${invoiceCycleHolds} h where h.cycle_id = ${cycleId} and h.period_start = ${periodStart} and h.company_id = ${companyId})`;
}

/** The holds of a cycle's period, by company id, as the preview shows them. */
export async function findHolds(db: DbOrTx, cycleId: string, periodStart: string): Promise<Map<string, TBillingHold>> {
  const rows = await db
    .select()
    .from(invoiceCycleHolds)
    .where(and(eq(invoiceCycleHolds.cycleId, cycleId), eq(invoiceCycleHolds.periodStart, periodStart)));
  return new Map(rows.map((row) => [row.companyId, presentHold(row)]));
}

export function presentHold(row: InvoiceCycleHoldRow): TBillingHold {
  return { reason: row.reason, by: row.heldByEmail, at: row.heldAt.toISOString() };
}

/** Hold a company (of the caller's airport, else 404) for the period; twice is 409. Audited with the reason. */
export async function holdCompany(tx: Tx, actor: AuditActor, cycleId: string, periodStart: string, companyId: string, reason: string): Promise<InvoiceCycleHoldRow> {
  if (!(await findCompany(tx, companyId))) throw notFound('Company not found');
  const [row] = await tx
    .insert(invoiceCycleHolds)
    .values({ cycleId, companyId, periodStart, reason, heldById: actor.user?.id ?? null, heldByEmail: actor.user?.email ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'This company is already held for this period.');
  await recordAudit(tx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: row.id, after: { cycleId, companyId, periodStart, reason }, reason });
  return row;
}

/** Release a hold (404 when there is none); audited with the reason it was held for. */
export async function releaseHold(tx: Tx, actor: AuditActor, cycleId: string, periodStart: string, companyId: string): Promise<void> {
  const [row] = await tx
    .delete(invoiceCycleHolds)
    .where(and(eq(invoiceCycleHolds.cycleId, cycleId), eq(invoiceCycleHolds.periodStart, periodStart), eq(invoiceCycleHolds.companyId, companyId)))
    .returning();
  if (!row) throw notFound('This company is not held for this period.');
  await recordAudit(tx, actor, {
    action: 'delete', entity: AUDIT_ENTITY, entityId: row.id, before: { cycleId, companyId, periodStart, reason: row.reason }, reason: `Released (held: ${row.reason})`,
  });
}
