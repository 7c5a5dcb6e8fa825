import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type TInvoice } from '@apron/core';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../platform/mail/mail.table';
import { TestPaymentProvider } from '../../platform/payments/index';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';
import { payments } from './payments.table';
import { eventually } from '../../../test/smtp-sink';

let t: TestApp;
let admin: Caller;
let invoicesAdmin: Caller;
let invoicesStaff: Caller;
let tenant: Caller;
let company: { _id: string };
let other: { _id: string };
let provider: TestPaymentProvider;
const APPROVE = 'test:4242 4242 4242 4242';
const DECLINE = 'test:4000 0000 0000 0002';
const FLAKY = 'test:4000000000000119';
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await createTestApp();
  provider = t.app.paymentProvider as TestPaymentProvider;
  admin = await superAdmin(t);
  invoicesAdmin = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  invoicesStaff = await signIn(t, { modules: ['Invoices'] });
  company = await buildCompany(admin);
  other = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

const pay = (caller: Caller, invoice: TInvoice, lineIds: string[], sourceToken = APPROVE, key: string | null = newKey()) =>
  caller.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds, sourceToken }, headers: key ? { 'idempotency-key': key } : {} });

describe('POST /api/Invoices/Pay/:id (card)', () => {
  it('401, 400 (no lines, no key), 404 for another company', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const foreign = await buildInvoice(admin, other._id);
    expect((await t.app.inject({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: {} })).statusCode).toBe(401);
    const empty = await pay(tenant, invoice, []);
    expect(empty.json().errors).toEqual({ lineIds: PAYMENT_MESSAGES.selectLine });
    const noKey = await pay(tenant, invoice, [invoice.lineItems[0]!._id], APPROVE, null);
    expect(noKey.json().errors).toEqual({ idempotencyKey: PAYMENT_MESSAGES.idempotencyRequired });
    const res = await pay(tenant, foreign, [foreign.lineItems[0]!._id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No Invoice Found.');
  });

  it('charges the server figure for the selected lines; a client amount is ignored; receipt e-mailed', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const before = provider.charges.length;
    const res = await tenant.request({
      method: 'POST',
      url: `/api/Invoices/Pay/${invoice._id}`,
      payload: { lineIds: [invoice.lineItems[0]!._id], sourceToken: APPROVE, amount: 0.01 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Payment Successful', receipt: { amount: 51, method: 'card', invoiceId: invoice._id } });
    expect(provider.charges.slice(before).map((c) => c.amountCents)).toEqual([5100]);
    const read = (await tenant.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;
    expect(read).toMatchObject({ amountPaid: 51, amountDue: 100, status: 'Created' });
    expect(read.lineItems[0]).toMatchObject({ isPaid: true, receiptId: res.json().receipt._id });
    const receipt = await tenant.request({ method: 'GET', url: `/api/Receipts/${res.json().receipt._id}` });
    expect(receipt.json()).toMatchObject({ amount: 51, lineItems: [{ name: 'Tie-down' }] });
    const pdf = await tenant.request({ method: 'GET', url: `/api/Receipts/Pdf/${res.json().receipt._id}` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const receiptMail = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `payment:${res.json().receipt._id}`)))[0];
    const held = await receiptMail();
    expect(held!.to).toContain('billing@example.test');
    // The text receipt is queued with the payment and held for its PDF, which a job renders.
    expect(held!.attachments).toEqual([]);
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await t.app.jobs.start();
    try {
      const released = await eventually(async () => {
        const mail = await receiptMail();
        return (mail!.attachments as unknown[]).length > 0 ? mail : null;
      });
      const attachment = (released!.attachments as Array<{ contentType: string; contentBase64: string }>)[0]!;
      expect(attachment.contentType).toBe('application/pdf');
      expect(Buffer.from(attachment.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(released!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await t.app.jobs.stop();
    }
    // Paying the rest makes the invoice Paid with a payment date.
    const rest = await pay(tenant, invoice, [invoice.lineItems[1]!._id]);
    expect(rest.statusCode).toBe(200);
    expect((await tenant.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json()).toMatchObject({ status: 'Paid', amountDue: 0, amountPaid: 151 });
  });

  it('the same idempotency key twice (even at once) charges once and returns the first result', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const key = newKey();
    const before = provider.charges.length;
    const [a, b] = await Promise.all([pay(tenant, invoice, [invoice.lineItems[0]!._id], APPROVE, key), pay(tenant, invoice, [invoice.lineItems[0]!._id], APPROVE, key)]);
    const c = await pay(tenant, invoice, [invoice.lineItems[0]!._id], APPROVE, key);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().receipt._id, b.json().receipt._id, c.json().receipt._id]).size).toBe(1);
    expect(provider.charges.length - before).toBe(1);
    expect(await t.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toHaveLength(1);
    // A new key for an already paid line is refused; nothing is charged.
    const again = await pay(tenant, invoice, [invoice.lineItems[0]!._id]);
    expect(again.statusCode).toBe(409);
    expect(provider.charges.length - before).toBe(1);
  });

  it('a decline changes nothing and says why; a transient failure can be retried with the same key', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const declined = await pay(tenant, invoice, [invoice.lineItems[0]!._id], DECLINE);
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toMatch(/declined/);
    const flakyKey = newKey();
    const flaky = await pay(tenant, invoice, [invoice.lineItems[0]!._id], FLAKY, flakyKey);
    expect(flaky.statusCode).toBe(503);
    const read = (await tenant.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;
    expect(read).toMatchObject({ amountPaid: 0, status: 'Created' });
    expect(read.lineItems.every((l) => !l.isPaid)).toBe(true);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoice._id))).toHaveLength(0);
    const retry = await pay(tenant, invoice, [invoice.lineItems[0]!._id], APPROVE, flakyKey);
    expect(retry.statusCode).toBe(200);
  });

  it('paid lines cannot be edited or removed; an invoice with a paid line cannot be cancelled', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const line = invoice.lineItems[0]!;
    expect((await pay(tenant, invoice, [line._id])).statusCode).toBe(200);
    const edit = await invoicesAdmin.request({ method: 'PUT', url: `/api/Invoices/LineItems/${invoice._id}`, payload: { uid: line.uid, name: 'x', description: 'y', charges: 1, amount: 1 } });
    expect(edit.statusCode).toBe(409);
    expect((await invoicesAdmin.request({ method: 'DELETE', url: `/api/Invoices/LineItems/${invoice._id}/${line.uid}` })).statusCode).toBe(409);
    const cancel = await invoicesAdmin.request({ method: 'PUT', url: `/api/Invoices/Cancel/${invoice._id}` });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('An invoice with a paid line cannot be cancelled.');
  });

  it('a cancelled invoice cannot be paid', async () => {
    const invoice = await buildInvoice(admin, company._id);
    await invoicesAdmin.request({ method: 'PUT', url: `/api/Invoices/Cancel/${invoice._id}` });
    const before = provider.calls;
    expect((await pay(tenant, invoice, [invoice.lineItems[0]!._id])).statusCode).toBe(409);
    expect(provider.calls).toBe(before);
  });
});

describe('POST /api/Invoices/ManualPayment/:id', () => {
  const body = (lineIds: string[], extra: object = {}) => ({ lineIds, accountType: false, accountName: ' Jane Pilot ', accountDetails: '000123456789', confirmation: '021000021', paymentDate: '2025-03-04', ...extra });

  it('401, 400, 403 for staff and tenants, 404', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const url = `/api/Invoices/ManualPayment/${invoice._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const bad = await invoicesAdmin.request({ method: 'POST', url, payload: body([invoice.lineItems[0]!._id], { accountName: '  ', paymentDate: '' }) });
    expect(bad.json().errors).toEqual({ accountName: 'Account Name is required', paymentDate: 'Payment Date is required' });
    expect((await invoicesStaff.request({ method: 'POST', url, payload: body([invoice.lineItems[0]!._id]) })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'POST', url, payload: body([invoice.lineItems[0]!._id]) })).statusCode).toBe(403);
    const gone = await invoicesAdmin.request({ method: 'POST', url: '/api/Invoices/ManualPayment/00000000-0000-4000-8000-000000000000', payload: body([invoice.lineItems[0]!._id]) });
    expect(gone.statusCode).toBe(404);
  });

  it('records a check with the account number masked; cash keeps its details', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const res = await invoicesAdmin.request({ method: 'POST', url: `/api/Invoices/ManualPayment/${invoice._id}`, payload: body([invoice.lineItems[1]!._id]) });
    expect(res.statusCode).toBe(201);
    expect(res.json().receipt).toMatchObject({ method: 'check', amount: 100, accountName: 'Jane Pilot', accountNumber: '****6789', paymentDate: '2025-03-04' });
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, res.json().receipt._id));
    expect(JSON.stringify(stored)).not.toContain('000123456789');
    const cash = await invoicesAdmin.request({
      method: 'POST',
      url: `/api/Invoices/ManualPayment/${invoice._id}`,
      payload: body([invoice.lineItems[0]!._id], { accountType: true, accountDetails: 'Front desk', confirmation: 'Paid in person' }),
    });
    expect(cash.json().receipt).toMatchObject({ method: 'cash', accountNumber: null, details: 'Front desk / Paid in person' });
    expect((await invoicesAdmin.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json()).toMatchObject({ status: 'Paid', amountPaid: 151 });
  });
});

describe('signed pay links', () => {
  it('anyone with the link sees the invoice and pays it; a tampered link is 404; a paid invoice shows Payment Success.', async () => {
    const invoice = await buildInvoice(admin, company._id);
    expect((await tenant.request({ method: 'POST', url: `/api/Invoices/PayLink/${invoice._id}` })).statusCode).toBe(403);
    const link = (await invoicesStaff.request({ method: 'POST', url: `/api/Invoices/PayLink/${invoice._id}` })).json();
    expect(link.url).toContain('/payment/');
    const visitor = await anonymous(t);
    const view = await visitor({ method: 'GET', url: `/api/Payment/${link.token}` });
    expect(view.json()).toMatchObject({ paid: false, message: null, invoice: { _id: invoice._id, abilities: { payOnline: true, payFromBalance: false, addLine: false, cancel: false } } });
    const tampered = link.token.replace(/.$/, link.token.endsWith('A') ? 'B' : 'A');
    expect((await visitor({ method: 'GET', url: `/api/Payment/${tampered}` })).statusCode).toBe(404);
    const paid = await visitor({
      method: 'POST',
      url: `/api/Payment/${link.token}`,
      payload: { lineIds: invoice.lineItems.map((l) => l._id), sourceToken: APPROVE },
      headers: { 'idempotency-key': newKey() },
    });
    expect(paid.statusCode).toBe(200);
    expect((await visitor({ method: 'GET', url: `/api/Payment/${link.token}` })).json()).toMatchObject({ paid: true, message: 'Payment Success.' });
  });

  it('the page learns test mode and the test cards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Payment/Config' });
    expect(res.json()).toMatchObject({ testMode: true, testCards: { approve: '4242424242424242' } });
  });
});

describe('Square configuration', () => {
  it('refuses sandbox credentials in production', () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SQUARE_ACCESS_TOKEN: 'EAAA', SQUARE_LOCATION_ID: 'L1', SQUARE_APPLICATION_ID: 'sandbox-sq0idb-1', SQUARE_ENVIRONMENT: 'sandbox' } as const;
    expect(() => loadConfig(env)).toThrow(/SQUARE_ENVIRONMENT: sandbox credentials are refused in production/);
    expect(() => loadConfig({ ...env, SQUARE_ENVIRONMENT: 'production', SQUARE_APPLICATION_ID: 'sq0idp-1' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test', SQUARE_ACCESS_TOKEN: 'EAAA' })).toThrow(/together/);
  });
});
