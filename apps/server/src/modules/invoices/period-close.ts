import { and, desc, gte, lte, ne, sql } from 'drizzle-orm';
import { REPORT_MESSAGES } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { invoicePeriodCloses } from './period-close.table';
import { invoices } from './invoices.table';

/**
 * Period close (issue 14 item 7). Closing through a date freezes every invoice dated on or before
 * it: the invoices write paths (create, add/edit/remove line, cancel) call `assertInvoiceDateOpen`
 * after locking the invoice. Payments of such invoices stay allowed: cash is booked in the period
 * it is received, which is still open.
 */

/** The latest date the books are closed through, or null. */
export async function invoicesClosedThrough(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ through: invoicePeriodCloses.closedThrough }).from(invoicePeriodCloses).orderBy(desc(invoicePeriodCloses.closedThrough)).limit(1);
  return row?.through ?? null;
}

/** Refuses a change to an invoice dated in a closed period (409, the spec-style sentence). */
export async function assertInvoiceDateOpen(tx: DbOrTx, invoiceDate: string): Promise<void> {
  const through = await invoicesClosedThrough(tx);
  if (through && invoiceDate <= through) throw new AppError('CONFLICT', REPORT_MESSAGES.periodClosed);
}

/**
 * Close the books through `through`. The EXCLUSIVE lock on invoices waits for edits in flight
 * (they hold the invoice row FOR UPDATE) and holds new ones until this commits, so no edit that
 * checked before the close can land after it. Refused when not later than the current close, or
 * not before today.
 */
export async function closeInvoicePeriod(tx: Tx, actor: AuditActor, through: string, today: string): Promise<{ closedThrough: string }> {
  // Only past days close: today's invoices (cycles, parking) must still be possible.
  if (through >= today) throw fieldError('through', 'Close Through must be before today');
  await tx.execute(sql`lock table ${invoices} in exclusive mode`);
  const current = await invoicesClosedThrough(tx);
  if (current && through <= current) throw fieldError('through', REPORT_MESSAGES.alreadyClosed);
  const [row] = await tx.insert(invoicePeriodCloses).values({ closedThrough: through, closedBy: actor.user?.id ?? null }).returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'invoicePeriodClose', entityId: row!.id, after: row! });
  return { closedThrough: through };
}

/** Receivable journal lines of [begin, end]: invoices dated in it (not cancelled), per day. */
export async function invoiceJournal(db: DbOrTx, begin: string, end: string) {
  const rows = await db
    .select({ invoiceDate: invoices.invoiceDate, invoiceNumber: invoices.invoiceNumber, companyId: invoices.companyId, cents: invoices.totalCents })
    .from(invoices)
    .where(and(gte(invoices.invoiceDate, begin), lte(invoices.invoiceDate, end), ne(invoices.status, 'Cancelled'), sql`${invoices.totalCents} > 0`))
    .orderBy(invoices.invoiceDate, invoices.invoiceNumber);
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}
