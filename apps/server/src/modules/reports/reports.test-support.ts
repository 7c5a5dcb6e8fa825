import { eq } from 'drizzle-orm';
import type { TInvoice } from '@apron/core';
import type { Caller, TestApp } from '../../../test/helpers';
import { invoices } from '../invoices/invoices.table';
import { buildInvoice, expectStatus } from '../invoices/billing.test-support';

/** An invoice dated `invoiceDate` with one line per amount (dollars), due `dueDate`. */
export async function datedInvoice(t: TestApp, admin: Caller, companyId: string, invoiceDate: string, amounts: number[], dueDate = '2099-12-31'): Promise<TInvoice> {
  const invoice = await buildInvoice(
    admin,
    companyId,
    amounts.map((charges, i) => ({ name: `Line ${i + 1}`, description: 'Report fixture', charges, amount: 1 })),
    dueDate,
  );
  // Invoices are dated today when created; the fixture needs them in a past period.
  await t.db.update(invoices).set({ invoiceDate }).where(eq(invoices.id, invoice._id));
  return invoice;
}

/** Pays the invoice's lines (by index) by check on `paymentDate`. */
export async function payLines(admin: Caller, invoice: TInvoice, lineIndexes: number[], paymentDate: string) {
  const res = await admin.request({
    method: 'POST',
    url: `/api/Invoices/ManualPayment/${invoice._id}`,
    payload: { lineIds: lineIndexes.map((i) => invoice.lineItems[i]!._id), accountType: false, accountName: 'Jane Pilot', accountDetails: '000123456789', confirmation: '021000021', paymentDate },
  });
  await expectStatus(res, 201, 'manual payment');
}
