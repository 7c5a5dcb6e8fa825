import { fromCents, type TInvoice, type TInvoiceGridRow, type TLineItem, type TLineItemKind, type TInvoiceStatus, type TSessionUser } from '@apron/core';
import type { InvoiceWithTenant } from './invoices.repo';
import type { LineItemRow } from './invoices.table';
import { invoiceAbilities } from './invoices.policy';

export function presentInvoiceGridRow(row: InvoiceWithTenant): TInvoiceGridRow {
  return {
    _id: row.id,
    name: row.name,
    invoiceNumber: row.invoiceNumber,
    tenantId: row.companyId,
    tenantName: row.tenantName,
    invoiceDate: row.invoiceDate,
    paymentDate: row.paymentDate,
    dueDate: row.dueDate,
    status: row.status as TInvoiceStatus,
    amountDue: fromCents(row.totalCents - row.paidCents),
    amountTotal: fromCents(row.totalCents),
    amountPaid: fromCents(row.paidCents),
  };
}

export function presentLine(line: LineItemRow): TLineItem {
  return {
    _id: line.id,
    uid: line.id,
    name: line.name,
    description: line.description,
    charges: fromCents(line.chargesCents),
    amount: line.amount,
    total: fromCents(line.chargesCents * line.amount),
    kind: line.kind as TLineItemKind,
    receiptId: line.paidBy,
    isPaid: line.paymentId !== null,
  };
}

/** The detail with the server's totals (from the lines) and what this caller may do. */
export function presentInvoice(row: InvoiceWithTenant, lines: LineItemRow[], user: TSessionUser | null): TInvoice {
  const dueCents = row.totalCents - row.paidCents;
  return {
    ...presentInvoiceGridRow(row),
    description: row.description,
    comments: row.comments,
    agreementId: row.agreementId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    originalNumber: row.originalNumber,
    lineItems: lines.map(presentLine),
    abilities: invoiceAbilities(user, { status: row.status, hasPaidLine: lines.some((l) => l.paymentId), dueCents }),
  };
}
