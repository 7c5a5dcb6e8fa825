import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { addCredit, buildCompany, buildInvoice, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { payments } from '../payments/payments.table';
import { balanceRecords } from './balances.table';

/**
 * PRODUCT-RULES 29 for the ledger's two money writes: a balance credit and pay from balance take
 * an Idempotency-Key, and the same key again - after the first answer, or at the same moment -
 * gets the first answer (status and body) and writes nothing more. The concurrent cases run in
 * parallel connections on PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let admin: Caller;
let companyAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  companyAdmin = await signIn(t, { modules: ['Company'], isAdmin: true });
});
afterAll(async () => t?.close());

const credit = (tenantId: string, key: string | null, amount = 125.5) =>
  companyAdmin.request({
    method: 'POST',
    url: '/api/Company/Balances',
    payload: { tenantId, paidBy: 'Cash', comment: 'Counter', amount, type: 'Credit', dateApplied: '2025-03-04' },
    headers: key ? { 'idempotency-key': key } : {},
  });
const payFromBalance = (caller: Caller, body: Record<string, string[]>, key: string | null) =>
  caller.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', payload: body, headers: key ? { 'idempotency-key': key } : {} });
const ledgerOf = async (companyId: string) => t.db.select().from(balanceRecords).where(eq(balanceRecords.companyId, companyId));
const balanceOf = async (caller: Caller, companyId: string) => (await caller.request({ method: 'GET', url: `/api/Company/Balances/${companyId}` })).json().balance as number;

describe('balance credit (Add Record)', () => {
  it('needs an Idempotency-Key (400 naming it); the same key again answers the first answer and credits once', async () => {
    const company = await buildCompany(admin);
    const none = await credit(company._id, null);
    expect([none.statusCode, none.json().errors]).toEqual([400, { idempotencyKey: PAYMENT_MESSAGES.idempotencyRequired }]);
    const key = moneyKey();
    const first = await credit(company._id, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Added Successfully', amount: 125.5, type: 'Credit', runningBalance: 125.5 });
    const again = await credit(company._id, key);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect(await ledgerOf(company._id)).toHaveLength(1);
    expect(await balanceOf(companyAdmin, company._id)).toBe(125.5);
    // The same key for another company is refused, and shows nothing of the first.
    const elsewhere = await credit((await buildCompany(admin))._id, key);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([409, PAYMENT_MESSAGES.idempotencyReused]);
  });

  it('5 clicks with one key at once, repeated: one credit, the same 201 answer to each', async () => {
    const company = await buildCompany(admin);
    for (let round = 1; round <= 3; round++) {
      const key = moneyKey();
      const answers = await Promise.all(Array.from({ length: 5 }, () => credit(company._id, key, 10)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
      expect(answers[0]!.json().runningBalance).toBe(10 * round);
      expect(await ledgerOf(company._id)).toHaveLength(round);
    }
  });
});

describe('pay from balance', () => {
  async function tenantWithInvoice(creditDollars: number) {
    const company = await buildCompany(admin);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    const invoice: TInvoice = await buildInvoice(admin, company._id); // $51 + $100
    await addCredit(admin, company._id, creditDollars);
    return { company, tenant, invoice, all: { [invoice._id]: invoice.lineItems.map((l) => l._id) } };
  }

  it('needs an Idempotency-Key; a replay after the payment answers the first answer, one Debit, one payment', async () => {
    const { company, tenant, invoice, all } = await tenantWithInvoice(500);
    const none = await payFromBalance(tenant, all, null);
    expect([none.statusCode, none.json().errors]).toEqual([400, { idempotencyKey: PAYMENT_MESSAGES.idempotencyRequired }]);
    const key = moneyKey();
    const first = await payFromBalance(tenant, all, key);
    expect([first.statusCode, first.json()]).toEqual([200, { message: 'Payment Successful', balance: 349, paid: 151 }]);
    const again = await payFromBalance(tenant, all, key);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await ledgerOf(company._id)).filter((r) => r.type === 'Debit')).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoice._id))).toHaveLength(1);
    // A new key for the lines already paid is refused as before.
    expect((await payFromBalance(tenant, all, moneyKey())).statusCode).toBe(409);
    // The key of another company's payment: refused, nothing of it shown.
    const stranger = await tenantWithInvoice(500);
    const reused = await payFromBalance(stranger.tenant, stranger.all, key);
    expect([reused.statusCode, reused.json().message]).toEqual([409, PAYMENT_MESSAGES.idempotencyReused]);
  });

  it('a double click (5 requests with one key at once), repeated: the same 200 answer to each, one Debit', async () => {
    for (let round = 0; round < 3; round++) {
      const { company, tenant, all } = await tenantWithInvoice(200.25);
      const key = moneyKey();
      const answers = await Promise.all(Array.from({ length: 5 }, () => payFromBalance(tenant, all, key)));
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(Array(5).fill([200, { message: 'Payment Successful', balance: 49.25, paid: 151 }]));
      expect((await ledgerOf(company._id)).filter((r) => r.type === 'Debit')).toHaveLength(1);
      expect(await balanceOf(tenant, company._id)).toBe(49.25);
    }
  });

  it('a refusal keeps no answer: InSufficient Funds, then the same key pays once the credit is there', async () => {
    const { company, tenant, all } = await tenantWithInvoice(100);
    const key = moneyKey();
    const short = await payFromBalance(tenant, all, key);
    expect([short.statusCode, short.json().message]).toEqual([422, 'InSufficient Funds']);
    await addCredit(admin, company._id, 51);
    const paid = await payFromBalance(tenant, all, key);
    expect([paid.statusCode, paid.json()]).toEqual([200, { message: 'Payment Successful', balance: 0, paid: 151 }]);
  });
});
