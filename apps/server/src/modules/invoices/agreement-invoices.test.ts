import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, expectStatus, superAdmin } from './billing.test-support';
import { runInvoiceCycles, runOverdueInvoices } from './agreement-invoices';
import { invoiceLineItems, invoices } from './invoices.table';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let invoicesAdmin: Caller;
let agreementId: string;
let companyId: string;
const missing = '00000000-0000-4000-8000-000000000000';
const suffix = () => Math.random().toString(36).slice(2, 8);

/** An Active agreement (monthly cycle on the 1st, due in 30 days, 5% late fee) with a $450.50 hangar. */
async function buildLeasedAgreement(caller: Caller, company: string) {
  const cycle = await caller.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: `Monthly ${suffix()}`, description: '', dueDays: 30, expression: '0 6 1 * *' } });
  await expectStatus(cycle, 201, 'cycle');
  const payType = await caller.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: `CPI ${suffix()}`, description: '', skuType: 'CPI', skuValue: 2, lateFee: 5 } });
  await expectStatus(payType, 201, 'payment type');
  const area = await caller.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: `Area ${suffix()}`, description: '' } });
  const type = await caller.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Type ${suffix()}`, attributes: [] } });
  const property = await caller.request({
    method: 'POST',
    url: '/api/Property/List',
    payload: { name: `Hangar ${suffix()}`, description: 'A hangar', address: '1 Airport Rd', rent: 450.5, area: area.json()._id, propertyType: type.json()._id },
  });
  await expectStatus(property, 201, 'property');
  const agreement = await caller.request({
    method: 'POST',
    url: '/api/Agreements',
    payload: {
      title: 'Hangar lease', agreementNum: `AG-${suffix()}`, description: 'Lease', status: 'Active', startDate: '2025-01-01', endDate: '2099-12-31', renewable: true,
      leaseTerms: '', tenantId: company, invoiceCycleId: cycle.json()._id, rentAdjustmentType: payType.json()._id, adjustmentDate: '', adjustmentFreq: 12,
    },
  });
  await expectStatus(agreement, 201, 'agreement');
  await expectStatus(await caller.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement.json()._id}/${property.json()._id}` }), 201, 'link');
  return agreement.json()._id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  invoicesAdmin = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  companyId = (await buildCompany(admin))._id;
  agreementId = await buildLeasedAgreement(admin, companyId);
});
afterAll(async () => t?.close());

describe('POST /api/Agreements/Invoices/:id', () => {
  it('401, 400, 403, 404', async () => {
    const url = `/api/Agreements/Invoices/${agreementId}`;
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const bad = await leaseAdmin.request({ method: 'POST', url, payload: { startDate: '2025-02-01', endDate: '' } });
    expect(bad.json().errors).toEqual({ endDate: 'End Date is required' });
    const backwards = await leaseAdmin.request({ method: 'POST', url, payload: { startDate: '2025-02-01', endDate: '2025-01-01' } });
    expect(backwards.json().errors).toEqual({ endDate: 'End Date must be on or after Start Date' });
    expect((await invoicesAdmin.request({ method: 'POST', url, payload: { startDate: '2025-01-15', endDate: '2025-02-28' } })).statusCode).toBe(403);
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Invoices/${missing}`, payload: { startDate: '2025-01-15', endDate: '2025-02-28' } })).statusCode).toBe(404);
  });

  it('builds prorated rent lines for the period; the same period twice is refused', async () => {
    const url = `/api/Agreements/Invoices/${agreementId}`;
    const res = await leaseAdmin.request({ method: 'POST', url, payload: { startDate: '2025-01-15', endDate: '2025-02-28' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Created Successfully');
    const invoice = (await invoicesAdmin.request({ method: 'GET', url: `/api/Invoices/${res.json()._id}` })).json() as TInvoice;
    expect(invoice.lineItems.map((l) => [l.charges, l.kind])).toEqual([
      [247.05, 'rent'], // 17 of 31 days of $450.50
      [450.5, 'rent'],
    ]);
    expect(invoice.lineItems[0]!.description).toBe('01/15/2025 - 01/31/2025 (17 of 31 days)');
    expect(invoice).toMatchObject({ agreementId, tenantId: companyId, amountTotal: 697.55, periodStart: '2025-01-15' });
    expect((await leaseAdmin.request({ method: 'POST', url, payload: { startDate: '2025-01-15', endDate: '2025-01-20' } })).statusCode).toBe(409);
  });
});

describe('invoice cycles job', () => {
  it('one invoice per agreement and period, however many runs (also at once)', async () => {
    const runs = await Promise.all([runInvoiceCycles(t.db, '2025-03-17'), runInvoiceCycles(t.db, '2025-03-18')]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect((await runInvoiceCycles(t.db, '2025-03-31')).created).toBe(0);
    const rows = await t.db.select().from(invoices).where(and(eq(invoices.agreementId, agreementId), eq(invoices.periodStart, '2025-03-01')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ periodEnd: '2025-03-31', totalCents: 45_050, status: 'Created' });
    expect(rows[0]!.dueDate).toBe('2025-04-16'); // 30 days after the run that made it (03-17)
    expect((await runInvoiceCycles(t.db, '2025-04-02')).created).toBe(1);
  });
});

describe('overdue job', () => {
  it('marks overdue once and adds one late fee of 5% of the amount due', async () => {
    const [march] = await t.db.select().from(invoices).where(and(eq(invoices.agreementId, agreementId), eq(invoices.periodStart, '2025-03-01')));
    await Promise.all([runOverdueInvoices(t.db, '2025-04-17'), runOverdueInvoices(t.db, '2025-04-17')]);
    await runOverdueInvoices(t.db, '2025-05-20');
    const fees = await t.db.select().from(invoiceLineItems).where(and(eq(invoiceLineItems.invoiceId, march!.id), eq(invoiceLineItems.kind, 'late_fee')));
    expect(fees).toHaveLength(1);
    expect(fees[0]!.chargesCents).toBe(2253); // 5% of 450.50 = 22.525 -> 22.53
    const read = (await invoicesAdmin.request({ method: 'GET', url: `/api/Invoices/${march!.id}` })).json() as TInvoice;
    expect(read).toMatchObject({ status: 'Overdue', amountDue: 473.03 });
  });
});
