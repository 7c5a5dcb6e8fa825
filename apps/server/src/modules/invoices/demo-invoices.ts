import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { refreshInvoiceTotals } from './invoices.repo';
import { invoiceLineItems, invoices } from './invoices.table';

type NewInvoice = typeof invoices.$inferInsert;
type NewLineItem = typeof invoiceLineItems.$inferInsert;

/**
 * Demo data (issue 5 item 13), written as data - no audit, e-mail or number checks. Used by the
 * demo billing seed only (balances/demo-billing.ts), which must not write this module's tables.
 */

/** Whether any invoice exists: the demo billing runs once, on a database without invoices. */
export async function hasAnyInvoice(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).limit(1);
  return !!row;
}

/** A demo invoice "billed in error": cancelled with a comment, its lines and totals kept. */
export async function markDemoInvoiceCancelled(tx: Tx, invoiceId: string, comments: string): Promise<void> {
  await tx.update(invoices).set({ status: 'Cancelled', comments }).where(eq(invoices.id, invoiceId));
}

/** A one-line invoice (a tie-down night), its totals computed as of `today`; returns its id. */
export async function insertDemoOneLineInvoice(
  tx: Tx,
  invoice: Pick<NewInvoice, 'companyId' | 'name' | 'description' | 'invoiceDate' | 'dueDate'>,
  line: Pick<NewLineItem, 'name' | 'description' | 'chargesCents' | 'amount'>,
  today: string,
): Promise<string> {
  const [row] = await tx.insert(invoices).values(invoice).returning({ id: invoices.id });
  await tx.insert(invoiceLineItems).values({ ...line, invoiceId: row!.id, kind: 'manual' });
  await refreshInvoiceTotals(tx, row!.id, today);
  return row!.id;
}
