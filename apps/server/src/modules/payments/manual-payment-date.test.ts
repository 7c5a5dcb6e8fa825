import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';

// Issue 9 item 14: one payment date — the one entered in the Manual Payment dialog — everywhere.
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
});
afterAll(async () => t?.close());

describe('a manual payment dated in the past', () => {
  it('gives the invoice, its grid row and the receipt the date entered in the dialog', async () => {
    const company = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id);
    const res = await admin.request({
      method: 'POST',
      url: `/api/Invoices/ManualPayment/${invoice._id}`,
      payload: { lineIds: invoice.lineItems.map((l) => l._id), accountType: true, accountName: 'Jane Pilot', accountDetails: 'Front desk', confirmation: 'Paid in person', paymentDate: '2025-03-04' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().receipt.paymentDate).toBe('2025-03-04');

    const detail = (await admin.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json();
    expect(detail).toMatchObject({ status: 'Paid', paymentDate: '2025-03-04' });
    const grid = (await admin.request({ method: 'GET', url: `/api/Invoices?tenantId=${company._id}` })).json() as Array<{ _id: string; paymentDate: string | null }>;
    expect(grid.find((row) => row._id === invoice._id)?.paymentDate).toBe('2025-03-04');
  });
});
