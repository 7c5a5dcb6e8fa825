import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildCompany, superAdmin } from './billing.test-support';
import { createOneLineInvoice } from './index';
import { recordCardPayment } from '../payments/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('createOneLineInvoice + recordCardPayment (a server-side one-off, e.g. a paid tie-down)', () => {
  it('writes a one-line invoice and its card payment in the caller transaction; a failure after them leaves neither', async () => {
    const admin = await superAdmin(t);
    const company = await buildCompany(admin);
    const actor = { user: null };
    const line = { name: 'Small Jet parking, 2 nights', description: 'Aircraft N1', chargesCents: 3000, amount: 2 };
    const made = await t.db.transaction(async (tx) => {
      const invoice = await createOneLineInvoice(tx, actor, { companyId: company._id, name: 'Transient parking N1', description: 'Pilot', line });
      const payment = await recordCardPayment(tx, actor, {
        invoiceId: invoice.invoiceId, companyId: company._id, lineIds: [invoice.lineId], amountCents: 6000, provider: 'test', providerRef: 'test_ref_1', idempotencyKey: 'one-line-key-1', createdBy: null,
      });
      return { ...invoice, ...payment };
    });
    const invoice = (await admin.request({ method: 'GET', url: `/api/Invoices/${made.invoiceId}` })).json();
    expect(invoice).toMatchObject({ invoiceNumber: made.invoiceNumber, status: 'Paid', amountDue: 0, tenantId: company._id });
    expect(invoice.lineItems).toMatchObject([{ name: line.name, charges: 30, amount: 2, total: 60, isPaid: true }]);
    const receipt = (await admin.request({ method: 'GET', url: `/api/Receipts/${made.paymentId}` })).json();
    expect(receipt).toMatchObject({ receiptNumber: made.receiptNumber, amount: 60, method: 'card', reference: 'test_ref_1' });

    let rolledBack: string | null = null;
    await expect(
      t.db.transaction(async (tx) => {
        const again = await createOneLineInvoice(tx, actor, { companyId: company._id, name: 'Rolled back', description: '', line });
        rolledBack = again.invoiceId;
        throw new Error('the caller failed after the invoice');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await admin.request({ method: 'GET', url: `/api/Invoices/${rolledBack}` })).statusCode).toBe(404);
  });
});
