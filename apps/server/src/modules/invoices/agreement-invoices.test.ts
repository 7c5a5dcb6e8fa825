import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp, ownerQuery } from '../../../test/helpers';
import { buildCompany, buildCycle, buildInvoice, buildLeasedAgreement, superAdmin } from './billing.test-support';
import { runInvoiceCycles, runOverdueInvoices } from './agreement-invoices';
import { invoiceLineItems, invoices } from './invoices.table';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let invoicesAdmin: Caller;
let agreementId: string;
let companyId: string;
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  invoicesAdmin = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  companyId = (await buildCompany(admin))._id;
  agreementId = (await buildLeasedAgreement(admin, companyId)).id;
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
    // 30 days after the run that made it: the two runs race, either may win (03-17 -> 04-16, 03-18 -> 04-17).
    const maker = runs.find((r) => r.created === 1)!;
    expect(rows[0]!.dueDate).toBe(maker.today === '2025-03-17' ? '2025-04-16' : '2025-04-17');
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

describe('a run that dies mid-way', () => {
  it('keeps the chunks it finished; the rerun creates the missing invoices and no duplicates', async () => {
    const terms = await buildCycle(admin, '0 6 15 * *'); // monthly on the 15th
    const leases = [];
    for (let i = 0; i < 5; i++) leases.push(await buildLeasedAgreement(admin, companyId, terms));
    leases.sort((a, b) => (a.id < b.id ? -1 : 1)); // the run goes in agreement id order
    const ids = leases.map((l) => l.id);
    const perAgreement = async () => {
      const rows = await t.db.select().from(invoices).where(and(inArray(invoices.agreementId, ids), eq(invoices.periodStart, '2025-06-15')));
      return ids.map((id) => rows.filter((r) => r.agreementId === id));
    };
    // The third agreement's rent line breaks a constraint made for this test: the second chunk
    // (third and fourth agreements, two per chunk) fails after inserting its invoices.
    await ownerQuery(t, `alter table invoice_line_items add constraint crash_test_line check (name <> 'Rent: ${leases[2]!.propertyName}') not valid`);
    try {
      await expect(runInvoiceCycles(t.db, '2025-06-20', { chunkSize: 2 })).rejects.toThrow();
    } finally {
      await ownerQuery(t, 'alter table invoice_line_items drop constraint crash_test_line');
    }
    expect((await perAgreement()).map((rows) => rows.length)).toEqual([1, 1, 0, 0, 0]);

    await runInvoiceCycles(t.db, '2025-06-21', { chunkSize: 2 });
    await runInvoiceCycles(t.db, '2025-06-22', { chunkSize: 2 });
    const after = await perAgreement();
    expect(after.map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1]);
    const made = after.map((rows) => rows[0]!);
    expect(made.map((r) => [r.totalCents, r.paidCents, r.status, r.periodEnd])).toEqual(Array(5).fill([44_372, 0, 'Created', '2025-07-14'])); // 16/30 of June + 14/31 of July
    expect(made.slice(0, 2).every((r) => r.dueDate === '2025-07-20') && made.slice(2).every((r) => r.dueDate === '2025-07-21')).toBe(true);
    const lines = await t.db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.invoiceId, made.map((r) => r.id)));
    expect(lines).toHaveLength(10);
    const audited = await t.database.query(`select count(*)::int as n from audit_log where entity = 'invoice' and action = 'create' and entity_id = any($1::text[])`, [made.map((r) => r.id)]);
    expect(audited.rows[0]).toEqual({ n: 5 });

    // The overdue run in chunks of two: each becomes Overdue with exactly one 5% fee.
    await Promise.all([runOverdueInvoices(t.db, '2025-07-25', { chunkSize: 2 }), runOverdueInvoices(t.db, '2025-07-25', { chunkSize: 2 })]);
    const overdue = await t.db.select().from(invoices).where(inArray(invoices.id, made.map((r) => r.id)));
    expect(overdue.map((r) => [r.status, r.totalCents])).toEqual(Array(5).fill(['Overdue', 44_372 + 2219]));
    const fees = await t.db.select({ n: sql<number>`count(*)::int` }).from(invoiceLineItems).where(and(inArray(invoiceLineItems.invoiceId, made.map((r) => r.id)), eq(invoiceLineItems.kind, 'late_fee')));
    expect(fees[0]!.n).toBe(5);
  });
});

describe('overdue job, an invoice of no agreement', () => {
  it("takes the late fee of the company's latest agreement's payment type", async () => {
    const company = (await buildCompany(admin))._id;
    await buildLeasedAgreement(admin, company, await buildCycle(admin, '0 6 1 * *', 5), '2025-01-01');
    await buildLeasedAgreement(admin, company, await buildCycle(admin, '0 6 1 * *', 10), '2025-02-01');
    const invoice = await buildInvoice(admin, company, undefined, '2025-08-01'); // $151.00, no agreement
    await runOverdueInvoices(t.db, '2025-08-05');
    const read = (await invoicesAdmin.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;
    expect(read.lineItems.filter((l) => l.kind === 'late_fee').map((l) => l.charges)).toEqual([15.1]); // 10% of $151.00
    expect(read).toMatchObject({ status: 'Overdue', amountDue: 166.1 });
  });
});
