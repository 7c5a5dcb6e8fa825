import { asc, eq } from 'drizzle-orm';
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
