import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { balanceRecords } from './balances.table';

/** Add Record, Paid By Cash or Check (spec doc 1): cash needs no bank numbers, a check's account is stored masked. */
let t: TestApp;
let companyAdmin: Caller;
let company: { _id: string };
const base = (extra: object) => ({ tenantId: company._id, amount: 120.5, type: 'Credit', dateApplied: '2025-02-01', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await superAdmin(t);
  companyAdmin = await signIn(t, { modules: ['Company'], isAdmin: true });
  company = await buildCompany(admin);
});
afterAll(async () => t?.close());

describe('Add Record: Paid By', () => {
  it('records a cash credit with a comment and no bank numbers', async () => {
    const res = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: base({ paidBy: 'Cash', comment: 'Paid at the front desk' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 120.5, type: 'Credit', accountNum: '****', routingNum: '', reference: 'Cash: Paid at the front desk' });
    const [row] = await t.db.select().from(balanceRecords).where(eq(balanceRecords.id, res.json()._id));
    expect(row).toMatchObject({ accountNumMasked: '****', routingNum: '', reference: 'Cash: Paid at the front desk', amountCents: 12050 });
  });

  it('asks cash for its comment, and a check for its numbers, naming the field', async () => {
    const cash = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: base({ paidBy: 'Cash', comment: ' ' }) });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().errors).toEqual({ comment: 'Comment is required' });
    const check = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: base({ paidBy: 'Check', accountNum: '', routingNum: '12a' }) });
    expect(check.json().errors).toEqual({ accountNum: 'Account Number is required', routingNum: 'Routing Number must be digits' });
    const neither = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload: base({ paidBy: 'Card' }) });
    expect(neither.json().errors).toEqual({ paidBy: 'Paid By must be Cash or Check' });
  });

  it('stores a check with only the last four digits of its account; a body without paidBy is a check', async () => {
    for (const payload of [base({ paidBy: 'Check', accountNum: '000123456789', routingNum: '021000021' }), base({ accountNum: '000123456789', routingNum: '021000021' })]) {
      const res = await companyAdmin.request({ method: 'POST', url: '/api/Company/Balances', headers: { 'idempotency-key': moneyKey() }, payload });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db.select().from(balanceRecords).where(eq(balanceRecords.id, res.json()._id));
      expect(row).toMatchObject({ accountNumMasked: '****6789', routingNum: '021000021', reference: null });
      expect(JSON.stringify(row)).not.toContain('000123456789');
    }
  });
});
