import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoiceLineItems, invoices, type LineItemRow } from './invoices.table';

/**
 * What a receipt prints of an invoice (payments' receipts call these through the door, so the
 * invoices tables stay this module's own, docs/adr/0004): the invoice's number and the lines one
 * payment paid.
 */
export async function findInvoiceNumber(db: DbOrTx, invoiceId: string): Promise<number | null> {
  const [row] = await db.select({ invoiceNumber: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return row?.invoiceNumber ?? null;
}

/** The lines a payment paid, in the order the invoice shows them. */
export async function listLinesPaidBy(db: DbOrTx, paymentId: string): Promise<LineItemRow[]> {
  return db.select().from(invoiceLineItems).where(eq(invoiceLineItems.paymentId, paymentId)).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
}

/** The numbers of many invoices in one query (the receipt job renders a batch at a time). */
export async function findInvoiceNumbers(db: DbOrTx, invoiceIds: readonly string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db.select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber }).from(invoices).where(inArray(invoices.id, [...new Set(invoiceIds)]));
  return new Map(rows.map((r) => [r.id, r.invoiceNumber]));
}

/** The lines each of many payments paid, in the order the invoice shows them, in one query. */
export async function listLinesPaidByPayments(db: DbOrTx, paymentIds: readonly string[]): Promise<Map<string, LineItemRow[]>> {
  const byPayment = new Map<string, LineItemRow[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return byPayment;
  const rows = await db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.paymentId, [...paymentIds])).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  for (const row of rows) byPayment.get(row.paymentId!)?.push(row);
  return byPayment;
}
