import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BALANCE_MESSAGES, PAID_BY_BALANCE, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { invoiceLineItems } from '../invoices/invoices.table';
import { addCredit, buildCompany, buildInvoice, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { balanceRecords } from './balances.table';
import { payments } from '../payments/payments.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { auditLog } from '../../platform/audit/audit.table';
import { domainEvents } from '../../platform/events/events.table';

let t: TestApp;
let admin: Caller;
let companyAdmin: Caller;
let companyStaff: Caller;
let tenant: Caller;
let company: { _id: string };
let other: { _id: string };
const missing = '00000000-0000-4000-8000-000000000000';
const record = (tenantId: string, extra: object = {}) => ({ tenantId, accountNum: '9876543210', routingNum: '021000021', amount: 250, type: 'Credit', dateApplied: '2025-01-05', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  companyAdmin = await signIn(t, { modules: ['Company'], isAdmin: true });
  companyStaff = await signIn(t, { modules: ['Company'] });
  company = await buildCompany(admin);
  other = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

describe('balance records', () => {
  it('POST: 401, 400, 403 for staff and tenants; 400 unknown company', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: {} })).statusCode).toBe(401);
    const bad = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id, { amount: -1, dateApplied: '' }) });
    expect(bad.json().errors).toEqual({ amount: 'Must be greater than 0', dateApplied: 'Date Applied is required' });
    expect((await companyStaff.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id) })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id) })).statusCode).toBe(403);
    expect((await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(missing) })).json().errors).toEqual({ tenantId: 'Company not found' });
  });

  it('credits and debits make a running balance; account numbers are masked', async () => {
    const credit = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id) });
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({ message: 'Added Successfully', accountNum: '****3210', amount: 250, runningBalance: 250 });
    await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id, { type: 'Debit', amount: 50.25, dateApplied: '2025-01-06' }) });
    const tooMuch = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: record(company._id, { type: 'Debit', amount: 1000 }) });
    expect(tooMuch.json().message).toBe(BALANCE_MESSAGES.insufficientFunds);
    const read = await tenant.request({ method: 'GET', url: `/api/Company/Balances/${company._id}` });
    expect(read.json()).toMatchObject({ balance: 199.75, records: [{ type: 'Debit', runningBalance: 199.75 }, { type: 'Credit', runningBalance: 250 }] });
    const stored = await t.db.select().from(balanceRecords).where(eq(balanceRecords.companyId, company._id));
    expect(JSON.stringify(stored)).not.toContain('9876543210');
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Balances/${other._id}` })).statusCode).toBe(404);
  });
});

describe('pay from balance', () => {
  it('InSufficient Funds when short; paid exactly when the balance equals the total', async () => {
    const c = await buildCompany(admin);
    const me = await signIn(t, { isInternal: false, companyId: c._id });
    const invoice = await buildInvoice(admin, c._id);
    await addCredit(admin, c._id, 150.99);
    const all = { [invoice._id]: invoice.lineItems.map((l) => l._id) };
    const short = await me.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: all });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('InSufficient Funds');
    await addCredit(admin, c._id, 0.01);
    const unpaid = (await me.request({ method: 'GET', url: `/api/Company/UnpaidBalance/${c._id}` })).json();
    expect(unpaid).toMatchObject({ balance: 151, invoices: [{ _id: invoice._id, amountDue: 151 }] });
    const ok = await me.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: all });
    expect(ok.json()).toEqual({ message: 'Payment Successful', balance: 0, paid: 151 });
    const read = (await me.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;
    expect(read).toMatchObject({ status: 'Paid', amountDue: 0 });
    expect(read.lineItems.every((l) => l.receiptId === PAID_BY_BALANCE)).toBe(true);
    expect((await me.request({ method: 'GET', url: `/api/Company/UnpaidBalance/${c._id}` })).json().invoices).toEqual([]);
  });

  it('a tenant cannot pay another company\'s lines (404), nor lines of another invoice, nor paid lines', async () => {
    const foreign = await buildInvoice(admin, other._id);
    await addCredit(admin, company._id, 1000);
    const res = await tenant.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [foreign._id]: [foreign.lineItems[0]!._id] } });
    expect(res.statusCode).toBe(404);
    const mine = await buildInvoice(admin, company._id);
    const mixed = await tenant.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [mine._id]: [foreign.lineItems[0]!._id] } });
    expect(mixed.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: {} })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: {} })).statusCode).toBe(400);
    const outsider = await signIn(t, { modules: ['Property'] });
    expect((await outsider.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [mine._id]: [mine.lineItems[0]!._id] } })).statusCode).toBe(403);
    const lines = await t.db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.invoiceId, [foreign._id, mine._id]));
    expect(lines.every((l) => l.paymentId === null)).toBe(true);
  });

  it('two invoices in one request: one Debit, a payment and a receipt e-mail per invoice', async () => {
    const c = await buildCompany(admin);
    const me = await signIn(t, { isInternal: false, companyId: c._id });
    const a = await buildInvoice(admin, c._id); // $51 + $100
    const b = await buildInvoice(admin, c._id);
    await addCredit(admin, c._id, 250);
    const eventsOfInvoices = () => t.db.select().from(domainEvents).where(and(inArray(domainEvents.recordId, [a._id, b._id]), eq(domainEvents.trigger, 'Updated')));
    const earlierEvents = new Set((await eventsOfInvoices()).map((e) => e.id));
    const res = await me.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [a._id]: a.lineItems.map((l) => l._id), [b._id]: [b.lineItems[0]!._id] } });
    expect(res.json()).toEqual({ message: 'Payment Successful', balance: 48, paid: 151 + 51 });
    expect((await me.request({ method: 'GET', url: `/api/Invoices/${a._id}` })).json()).toMatchObject({ status: 'Paid', amountPaid: 151, amountDue: 0 });
    expect((await me.request({ method: 'GET', url: `/api/Invoices/${b._id}` })).json()).toMatchObject({ status: 'Created', amountPaid: 51, amountDue: 100 });
    const debits = (await t.db.select().from(balanceRecords).where(eq(balanceRecords.companyId, c._id))).filter((r) => r.type === 'Debit');
    const numbers = [a.invoiceNumber, b.invoiceNumber].sort((x, y) => x - y);
    expect(debits.map((d) => [d.amountCents, d.reference])).toEqual([[20_200, expect.stringMatching(new RegExp(`^Invoice #(${numbers[0]}, #${numbers[1]}|${numbers[1]}, #${numbers[0]})$`))]]);
    const paid = await t.db.select().from(payments).where(inArray(payments.invoiceId, [a._id, b._id]));
    expect(paid.map((p) => [p.invoiceId === a._id ? 'a' : 'b', p.amountCents, p.method]).sort()).toEqual([['a', 15_100, 'balance'], ['b', 5100, 'balance']]);
    const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.ref, paid.map((p) => `payment:${p.id}`)));
    expect(mails.map((m) => m.subject).sort()).toEqual(paid.map((p) => `Apron Municipal Airport: receipt #${p.receiptNumber} for invoice #${p.invoiceId === a._id ? a.invoiceNumber : b.invoiceNumber}`).sort());
    expect(mails.every((m) => m.to.join() === 'billing@example.test' && m.kind === 'payment-receipt' && m.status === 'queued')).toBe(true);
    // The audit trail: the Debit and each payment, by the tenant, with the values stored.
    const audited = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, [debits[0]!.id, ...paid.map((p) => p.id)]));
    expect(audited.map((r) => [r.entity, r.action, r.actorEmail]).sort()).toEqual([
      ['balanceRecord', 'create', me.user.email], ['payment', 'create', me.user.email], ['payment', 'create', me.user.email],
    ]);
    const paymentA = paid.find((p) => p.invoiceId === a._id)!;
    expect(audited.find((r) => r.entityId === paymentA.id)!.changes).toMatchObject({
      id: paymentA.id, receiptNumber: paymentA.receiptNumber, amountCents: 15_100, method: 'balance', createdAt: paymentA.createdAt.toISOString(),
      lineIds: expect.arrayContaining(a.lineItems.map((l) => l._id)),
    });
    expect(audited.find((r) => r.entity === 'balanceRecord')!.changes).toMatchObject({ amountCents: 20_200, type: 'Debit', companyId: c._id });
    expect(audited.find((r) => r.entity === 'balanceRecord')!.changes).not.toHaveProperty('routingNum');
    // Exactly what recordAudit stores for the same rows (every column but the secret, dates as ISO), plus a payment's lines.
    const { routingNum: _debitSecret, ...debitFields } = debits[0]!;
    expect(audited.find((r) => r.entity === 'balanceRecord')!.changes).toEqual({ ...debitFields, createdAt: debits[0]!.createdAt.toISOString() });
    const { routingNum: _paymentSecret, ...paymentFields } = paymentA;
    expect(audited.find((r) => r.entityId === paymentA.id)!.changes).toEqual({
      ...paymentFields, createdAt: paymentA.createdAt.toISOString(), lineIds: expect.arrayContaining(a.lineItems.map((l) => l._id)),
    });
    // One Updated event per invoice for the notification rules, with the fields after the payment.
    const events = (await eventsOfInvoices()).filter((e) => !earlierEvents.has(e.id));
    expect(events.map((e) => [e.recordId === a._id ? 'a' : 'b', e.fields.status, e.fields.amountDue, e.companyId]).sort()).toEqual([
      ['a', 'Paid', '$0.00', c._id], ['b', 'Created', '$100.00', c._id],
    ]);
  });

  it('20 clients of one company racing for one balance and one invoice: no overdraft, no line paid twice', async () => {
    const c = await buildCompany(admin);
    const clients: Caller[] = [];
    for (let i = 0; i < 4; i++) clients.push(await signIn(t, { isInternal: false, companyId: c._id }));
    // Ten $10 invoices paid two at a time (overlapping pairs) and one shared $10 invoice every
    // other request wants; $75 of credit is not enough for all of it.
    const invoices: TInvoice[] = [];
    for (let i = 0; i < 10; i++) invoices.push(await buildInvoice(admin, c._id, [{ name: `Tie-down ${i}`, description: 'night', charges: 10, amount: 1 }]));
    const shared = await buildInvoice(admin, c._id, [{ name: 'Shared tie-down', description: 'night', charges: 10, amount: 1 }]);
    await addCredit(admin, c._id, 75);
    const line = (invoice: TInvoice) => ({ [invoice._id]: [invoice.lineItems[0]!._id] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % clients.length]!.request({
          method: 'POST',
          url: '/api/Company/UpdateInvoiceItems',
          headers: { 'idempotency-key': moneyKey() },
          payload: i % 2 === 0 ? { ...line(invoices[i / 2]!), ...line(invoices[(i / 2 + 1) % 10]!) } : line(shared),
        }),
      ),
    );
    expect(results.every((r) => [200, 409, 422].includes(r.statusCode))).toBe(true);
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json() as { paid: number });
    expect(ok.length).toBeGreaterThan(1);
    expect(ok.filter((r) => r.paid === 10)).toHaveLength(1); // the shared line, once
    const ledger = (await clients[0]!.request({ method: 'GET', url: `/api/Company/Balances/${c._id}?pageSize=100` })).json();
    const spent = ok.reduce((sum, r) => sum + r.paid, 0);
    expect(ledger.balance).toBe(75 - spent);
    expect(ledger.records.every((r: { runningBalance: number }) => r.runningBalance >= 0)).toBe(true);
    // Every payment's amount is exactly the lines that name it: a line taken twice would leave a payment short.
    const all = [...invoices, shared].map((i) => i._id);
    const lines = await t.db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.invoiceId, all));
    const paid = await t.db.select().from(payments).where(inArray(payments.invoiceId, all));
    expect(paid.map((p) => p.amountCents).sort()).toEqual(paid.map((p) => lines.filter((l) => l.paymentId === p.id).reduce((sum, l) => sum + l.chargesCents, 0)).sort());
    expect(lines.filter((l) => l.paymentId !== null)).toHaveLength(paid.length);
    expect(spent * 100).toBe(paid.reduce((sum, p) => sum + p.amountCents, 0));
    const debits = await t.db.select().from(balanceRecords).where(eq(balanceRecords.companyId, c._id));
    expect(debits.filter((d) => d.type === 'Debit').reduce((s, d) => s + d.amountCents, 0)).toBe(spent * 100);
  });
});
