import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, currentPeriods } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { addCredit, buildCompany, superAdmin } from '../invoices/billing.test-support';
import { datedInvoice, payLines } from './reports.test-support';

let t: TestApp;
let admin: Caller;
let finance: Caller;
let tenant: Caller;
let other: Caller;
let company: { _id: string };
const today = calendarDate(new Date());
const periods = currentPeriods(today);

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  finance = await signIn(t, { modules: ['Invoices'] });
  company = await buildCompany(admin);
  const otherCompany = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
  other = await signIn(t, { isInternal: false, companyId: otherCompany._id });
  // $80 overdue, $40 due later; $25 collected this month, $60 last month.
  await datedInvoice(t, admin, company._id, today, [80], '2024-01-31');
  const paid = await datedInvoice(t, admin, company._id, today, [40, 25, 60]);
  await payLines(admin, paid, [1], today);
  await payLines(admin, paid, [2], periods.previousMonth.end);
  await addCredit(admin, company._id, 12.5);
});
afterAll(async () => t?.close());

describe('GET /api/Dashboard', () => {
  it('401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Dashboard' })).statusCode).toBe(401);
  });

  it('finance staff: receivables and collections; no sections of modules they do not hold', async () => {
    const body = (await finance.request({ method: 'GET', url: '/api/Dashboard' })).json();
    expect(body.receivables).toEqual({ outstanding: 120, overdue: 80, openInvoices: 2 });
    expect(body.collected).toMatchObject({ thisMonth: 25, lastMonth: 60, thisMonthLabel: periods.currentMonth.label });
    expect(body.occupancy).toBeUndefined();
    expect(body.expiring).toBeUndefined();
    expect(body.waitlistLength).toBeUndefined();
    expect(body.tenant).toBeUndefined();
  });

  it('a tenant: their amount due, next due invoice and balance only', async () => {
    const body = (await tenant.request({ method: 'GET', url: '/api/Dashboard' })).json();
    expect(body.receivables).toBeUndefined();
    expect(body.tenant).toMatchObject({ companyId: company._id, amountDue: 120, overdue: 80, balance: 12.5, nextDue: { dueDate: '2024-01-31', amountDue: 80 } });
    const theirs = (await other.request({ method: 'GET', url: '/api/Dashboard' })).json();
    expect(theirs.tenant).toMatchObject({ amountDue: 0, balance: 0, nextDue: null });
  });

  it('staff with every module get occupancy, expiring counts and the wait list length', async () => {
    const body = (await admin.request({ method: 'GET', url: '/api/Dashboard' })).json();
    expect(Array.isArray(body.occupancy)).toBe(true);
    expect(body.expiring).toEqual({ agreements: { d30: 0, d60: 0, d90: 0 }, insurances: { d30: 0, d60: 0, d90: 0 } });
    expect(body.waitlistLength).toBe(0);
    expect(body.openWorkorders).toBe(0);
    expect(body.openInspections).toBe(0);
  });
});
