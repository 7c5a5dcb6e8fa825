import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoiceGridRow } from '@apron/core';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, buildInvoice, superAdmin } from './billing.test-support';

// Issue 9 item 14: an invoice cancelled by removing its last line showed Amount Due and Total $5.00.
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
});
afterAll(async () => t?.close());

describe('removing the last line of an invoice', () => {
  it('cancels it with nothing due, in the detail and in the grid', async () => {
    const company = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id, [{ name: 'Tie-down', description: 'Nightly', charges: 5, amount: 1 }]);
    expect(invoice).toMatchObject({ amountTotal: 5, amountDue: 5 });

    const res = await admin.request({ method: 'DELETE', url: `/api/Invoices/LineItems/${invoice._id}/${invoice.lineItems[0]!._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', amountTotal: 0, amountDue: 0, amountPaid: 0 });
    const grid = (await admin.request({ method: 'GET', url: `/api/Invoices?tenantId=${company._id}` })).json() as TInvoiceGridRow[];
    expect(grid.find((row) => row._id === invoice._id)).toMatchObject({ status: 'Cancelled', amountTotal: 0, amountDue: 0, amountPaid: 0 });
  });
});
