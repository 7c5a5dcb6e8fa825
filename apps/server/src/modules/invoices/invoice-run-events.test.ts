import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp, ownerQuery } from '../../../test/helpers';
import { createEventDispatch } from '../../platform/events/index';
import { domainEvents } from '../../platform/events/events.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { buildCompany, buildCycle, buildLeasedAgreement, expectStatus, superAdmin } from './billing.test-support';
import { runInvoiceCycles, runOverdueInvoices } from './agreement-invoices';
import { invoices } from './invoices.table';

/**
 * The set-based invoice runs publish their domain events in each chunk's transaction: one
 * Invoices/Created per new invoice (cycle run, agreement invoicing), one Invoices/Updated per
 * invoice marked Overdue; a chunk that rolls back publishes nothing, a rerun nothing twice.
 */
let t: TestApp;
let admin: Caller;
let company: { _id: string; name: string };
let leases: Array<{ id: string; propertyName: string }>;

const invoiceEvents = (trigger: string, recordIds: string[]) =>
  t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Invoices'), eq(domainEvents.trigger, trigger), inArray(domainEvents.recordId, recordIds)));
const invoicesOf = (agreementIds: string[], periodStart: string) =>
  t.db.select().from(invoices).where(and(inArray(invoices.agreementId, agreementIds), eq(invoices.periodStart, periodStart))).orderBy(invoices.agreementId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  company = await buildCompany(admin);
  const terms = await buildCycle(admin, '0 6 15 * *'); // monthly on the 15th
  leases = [];
  for (let i = 0; i < 5; i++) leases.push(await buildLeasedAgreement(admin, company._id, terms));
  leases.sort((a, b) => (a.id < b.id ? -1 : 1)); // the run goes in agreement id order
});
afterAll(async () => t?.close());

describe('invoice cycle run: Invoices/Created per new invoice', () => {
  it('a chunk that fails publishes nothing; N invoices -> N events with the invoice fields; a rerun adds none', async () => {
    const ids = leases.map((l) => l.id);
    // The third agreement's rent line breaks a constraint made for this test: the second chunk
    // (third and fourth agreements, two per chunk) rolls back after inserting its invoices.
    await ownerQuery(t, `alter table invoice_line_items add constraint crash_test_line check (name <> 'Rent: ${leases[2]!.propertyName}') not valid`);
    try {
      await expect(runInvoiceCycles(t.db, '2025-06-20', { chunkSize: 2 })).rejects.toThrow();
    } finally {
      await ownerQuery(t, 'alter table invoice_line_items drop constraint crash_test_line');
    }
    const first = await invoicesOf(ids, '2025-06-15');
    expect(first).toHaveLength(2);
    const allEvents = await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents).where(eq(domainEvents.module, 'Invoices'));
    expect(allEvents[0]!.n).toBe(2); // the failed chunk's invoices never existed, nor their events

    expect((await runInvoiceCycles(t.db, '2025-06-20', { chunkSize: 2 })).created).toBe(3);
    expect((await runInvoiceCycles(t.db, '2025-06-21', { chunkSize: 2 })).created).toBe(0);
    const made = await invoicesOf(ids, '2025-06-15');
    expect(made).toHaveLength(5);
    const events = await invoiceEvents('Created', made.map((r) => r.id));
    expect(events).toHaveLength(5);
    for (const row of made) {
      const own = events.filter((e) => e.recordId === row.id);
      expect(own).toHaveLength(1);
      expect(own[0]!.companyId).toBe(company._id);
      expect(own[0]!.fields).toEqual({
        invoiceNumber: row.invoiceNumber,
        name: 'Hangar lease 06/15/2025 - 07/14/2025',
        companyName: company.name,
        status: 'Created',
        invoiceDate: '06/20/2025',
        dueDate: '07/20/2025',
        total: '$443.72', // 16/30 of June + 14/31 of July of $450.50
        amountDue: '$443.72',
      });
    }
  });

  it('the overdue run publishes one Invoices/Updated per invoice it marks, with the fee in the total', async () => {
    const made = await invoicesOf(leases.map((l) => l.id), '2025-06-15');
    await Promise.all([runOverdueInvoices(t.db, '2025-07-25', { chunkSize: 2 }), runOverdueInvoices(t.db, '2025-07-25', { chunkSize: 2 })]);
    await runOverdueInvoices(t.db, '2025-07-26', { chunkSize: 2 });
    const events = await invoiceEvents('Updated', made.map((r) => r.id));
    expect(events.map((e) => e.recordId).sort()).toEqual(made.map((r) => r.id).sort());
    expect(events.every((e) => e.fields.status === 'Overdue' && e.fields.total === '$465.91' && e.fields.amountDue === '$465.91')).toBe(true); // + 5% = $22.19
  });

  it('a rule on Invoices/Created e-mails the tenant once per invoice of the run, delivered by the dispatch job', async () => {
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    const rule = await admin.request({
      method: 'POST',
      url: '/api/Crud/notifications',
      payload: { name: 'New invoice', module: 'Invoices', trigger: 'Created', notify: 'External', template: '<p>Invoice {{invoiceNumber}}: {{amountDue}} due {{dueDate}}</p>' },
    });
    await expectStatus(rule, 201, 'rule');
    const dispatcher = createEventDispatch({ db: t.db, log: t.app.log, plugins: t.plugins });
    while ((await dispatcher.dispatch()).processed > 0);
    await t.db.delete(mailOutbox);
    expect((await runInvoiceCycles(t.db, '2025-07-20', { chunkSize: 2 })).created).toBe(5);
    expect((await dispatcher.dispatch()).processed).toBe(5);
    const mails = (await t.db.select().from(mailOutbox)).filter((m) => m.to.includes(tenant.user.email));
    expect(mails).toHaveLength(5);
    expect(mails.every((m) => m.html?.includes('due 08/19/2025'))).toBe(true);
  });
});

describe('agreement invoicing (POST Agreements/Invoices/{id})', () => {
  it('publishes one Invoices/Created for the invoice it makes, none for a refused period', async () => {
    const url = `/api/Agreements/Invoices/${leases[0]!.id}`;
    const res = await admin.request({ method: 'POST', url, payload: { startDate: '2025-01-15', endDate: '2025-01-31' } });
    await expectStatus(res, 201, 'agreement invoice');
    const events = await invoiceEvents('Created', [res.json()._id]);
    expect(events).toHaveLength(1);
    expect(events[0]!.fields).toMatchObject({ name: 'Hangar lease 01/15/2025 - 01/31/2025', companyName: company.name, status: 'Created', total: '$247.05' });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
    expect((await admin.request({ method: 'POST', url, payload: { startDate: '2025-01-15', endDate: '2025-01-20' } })).statusCode).toBe(409);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents)).toEqual(before);
  });
});
