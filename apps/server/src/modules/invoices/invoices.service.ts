import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { INVOICE_MESSAGES, PAYMENT_MESSAGES, toCents, type TInvoiceCreate, type TLineItemInput, type TLineItemUpdate } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { findCompany } from '../companies/index';
import { LINE_TAKEN } from './payable-selections';
import { airportToday, findInvoice, listLines, refreshInvoiceTotals, type InvoiceWithTenant } from './invoices.repo';
import { invoiceLineItems, invoices, type LineItemRow } from './invoices.table';
import type { InvoiceScope } from './invoices.policy';
import { publishInvoiceEvent } from './invoice-events';
import { assertInvoiceDateOpen } from './period-close';

/**
 * Invoice changes. Every mutation runs in the caller's transaction, locks the invoice row first
 * (so two edits, or an edit and a payment, of one invoice take turns), and recomputes the
 * maintained totals from the lines before it commits.
 */

/** The invoice, locked, or 'No Invoice Found.' (missing or another company's). */
export async function lockInvoice(tx: Tx, id: string, scope: InvoiceScope): Promise<InvoiceWithTenant> {
  const invoice = await findInvoice(tx, id, scope, true);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  return invoice;
}

export async function createInvoice(tx: Tx, actor: AuditActor, input: TInvoiceCreate) {
  const company = await findCompany(tx, input.tenantId);
  if (!company) throw fieldError('tenantId', 'Company not found');
  const today = await airportToday(tx);
  await assertInvoiceDateOpen(tx, today);
  const [row] = await tx
    .insert(invoices)
    .values({ companyId: company.id, name: input.name, description: input.description, dueDate: input.dueDate, invoiceDate: today, createdBy: actor.user?.id ?? null })
    .returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'invoice', entityId: row!.id, after: row! });
  await publishInvoiceEvent(tx, row!.id, 'Created');
  return row!;
}

function requireOpen(invoice: { status: string }): void {
  if (invoice.status === 'Cancelled') throw new AppError('CONFLICT', INVOICE_MESSAGES.cancelledLocked);
}

export async function addLine(tx: Tx, actor: AuditActor, invoiceId: string, input: TLineItemInput): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId, null);
  requireOpen(invoice);
  await assertInvoiceDateOpen(tx, invoice.invoiceDate);
  const [line] = await tx
    .insert(invoiceLineItems)
    .values({ invoiceId, name: input.name, description: input.description, chargesCents: toCents(input.charges), amount: input.amount, kind: 'manual' })
    .returning();
  await refreshInvoiceTotals(tx, invoiceId, await airportToday(tx));
  await recordAudit(tx, actor, { action: 'create', entity: 'invoiceLineItem', entityId: line!.id, after: line! });
  await publishInvoiceEvent(tx, invoiceId, 'Updated');
}

async function lockUnpaidLine(tx: Tx, invoiceId: string, uid: string): Promise<LineItemRow> {
  const [line] = await tx.select().from(invoiceLineItems).where(and(eq(invoiceLineItems.id, uid), eq(invoiceLineItems.invoiceId, invoiceId))).for('update');
  if (!line) throw notFound(INVOICE_MESSAGES.lineNotFound);
  if (line.paymentId) throw new AppError('CONFLICT', INVOICE_MESSAGES.paidLineLocked);
  return line;
}

export async function updateLine(tx: Tx, actor: AuditActor, invoiceId: string, input: TLineItemUpdate): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId, null);
  requireOpen(invoice);
  await assertInvoiceDateOpen(tx, invoice.invoiceDate);
  const before = await lockUnpaidLine(tx, invoiceId, input.uid);
  const [after] = await tx
    .update(invoiceLineItems)
    .set({ name: input.name, description: input.description, chargesCents: toCents(input.charges), amount: input.amount, updatedAt: new Date() })
    .where(eq(invoiceLineItems.id, before.id))
    .returning();
  await refreshInvoiceTotals(tx, invoiceId, await airportToday(tx));
  await recordAudit(tx, actor, { action: 'update', entity: 'invoiceLineItem', entityId: before.id, before, after: after! });
  await publishInvoiceEvent(tx, invoiceId, 'Updated');
}

/** Remove an unpaid line; removing the last line cancels the invoice (the same path as Cancel). */
export async function removeLine(tx: Tx, actor: AuditActor, invoiceId: string, uid: string): Promise<{ cancelled: boolean }> {
  const invoice = await lockInvoice(tx, invoiceId, null);
  requireOpen(invoice);
  await assertInvoiceDateOpen(tx, invoice.invoiceDate);
  const line = await lockUnpaidLine(tx, invoiceId, uid);
  await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, line.id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'invoiceLineItem', entityId: line.id, before: line });
  const remaining = await listLines(tx, invoiceId);
  if (remaining.length === 0) await cancelInvoice(tx, actor, invoiceId);
  // Also when cancelled: the maintained totals (grid's Total and Amount Due) fall to $0.00.
  await refreshInvoiceTotals(tx, invoiceId, await airportToday(tx));
  // Removing the last line cancels, and cancelInvoice has published that change already: one event per change.
  if (remaining.length > 0) await publishInvoiceEvent(tx, invoiceId, 'Updated');
  return { cancelled: remaining.length === 0 };
}

/** Cancel by hand: refused when a line is paid (PRODUCT-RULES 3). */
export async function cancelInvoice(tx: Tx, actor: AuditActor, invoiceId: string): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId, null);
  if (invoice.status === 'Cancelled') throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyCancelled);
  await assertInvoiceDateOpen(tx, invoice.invoiceDate);
  const lines = await listLines(tx, invoiceId, true);
  if (lines.some((l) => l.paymentId)) throw new AppError('CONFLICT', INVOICE_MESSAGES.cancelPaid);
  await tx.update(invoices).set({ status: 'Cancelled', updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
  await recordAudit(tx, actor, { action: 'update', entity: 'invoice', entityId: invoiceId, before: { status: invoice.status }, after: { status: 'Cancelled' } });
  await publishInvoiceEvent(tx, invoiceId, 'Updated');
}

export async function setComments(tx: Tx, actor: AuditActor, invoiceId: string, comments: string): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId, null);
  await tx.update(invoices).set({ comments, updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
  await recordAudit(tx, actor, { action: 'update', entity: 'invoice', entityId: invoiceId, before: { comments: invoice.comments }, after: { comments } });
}

// ---- Used by payments and balances (through index.ts) ----------------------------------------

/**
 * Lock the invoice and the selected lines (`SELECT ... FOR UPDATE`) and check that they can be
 * paid: the invoice is not cancelled, every id is a line of it, and none is paid yet. The amount
 * is the sum of those lines: the server's figure (PRODUCT-RULES 1).
 */
export async function lockPayableLines(
  tx: Tx,
  invoiceId: string,
  lineIds: readonly string[],
  scope: InvoiceScope,
): Promise<{ invoice: InvoiceWithTenant; lines: LineItemRow[]; amountCents: number }> {
  const invoice = await lockInvoice(tx, invoiceId, scope);
  if (invoice.status === 'Cancelled') throw new AppError('CONFLICT', PAYMENT_MESSAGES.cancelled);
  const lines = await tx
    .select()
    .from(invoiceLineItems)
    .where(and(eq(invoiceLineItems.invoiceId, invoiceId), inArray(invoiceLineItems.id, [...lineIds])))
    .orderBy(invoiceLineItems.id)
    .for('update');
  if (lines.length !== new Set(lineIds).size || lines.some((l) => l.paymentId)) throw new AppError('CONFLICT', LINE_TAKEN);
  const amountCents = lines.reduce((sum, l) => sum + l.chargesCents * l.amount, 0);
  return { invoice, lines, amountCents };
}

/**
 * Lock the lines (`FOR UPDATE`, id order) and tell whether every one is still a line of the
 * invoice and unpaid: a card payment's final check under the invoice's lock, which decides
 * between paying and refunding (so it answers rather than throws).
 */
export async function lockLinesIfUnpaid(tx: Tx, invoiceId: string, lineIds: readonly string[]): Promise<boolean> {
  const lines = await tx
    .select({ id: invoiceLineItems.id, paymentId: invoiceLineItems.paymentId })
    .from(invoiceLineItems)
    .where(and(eq(invoiceLineItems.invoiceId, invoiceId), inArray(invoiceLineItems.id, [...lineIds])))
    .orderBy(asc(invoiceLineItems.id))
    .for('update');
  return lines.length === new Set(lineIds).size && lines.every((l) => !l.paymentId);
}

/** Mark locked lines paid by a payment, then recompute totals and status. */
export async function markLinesPaid(tx: Tx, invoiceId: string, lineIds: readonly string[], paymentId: string, paidBy: string, today: string): Promise<void> {
  const updated = await tx
    .update(invoiceLineItems)
    .set({ paymentId, paidBy, updatedAt: new Date() })
    .where(and(eq(invoiceLineItems.invoiceId, invoiceId), inArray(invoiceLineItems.id, [...lineIds]), isNull(invoiceLineItems.paymentId)))
    .returning({ id: invoiceLineItems.id });
  // The lines were locked and checked unpaid in this transaction; anything else is a bug.
  if (updated.length !== lineIds.length) throw new AppError('CONFLICT', LINE_TAKEN);
  await refreshInvoiceTotals(tx, invoiceId, today);
}
