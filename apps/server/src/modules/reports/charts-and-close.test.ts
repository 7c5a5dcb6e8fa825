import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, superAdmin } from '../invoices/billing.test-support';
import { runOverdueInvoices } from '../invoices/invoices.seed-support';
import { datedInvoice, payLines } from './reports.test-support';

let t: TestApp;
let admin: Caller;
let reportsStaff: Caller;
let tenant: Caller;
let closedInvoice: TInvoice;
let openInvoice: TInvoice;
let lateClosed: TInvoice;
let lateOpen: TInvoice;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  reportsStaff = await signIn(t, { modules: ['Reports'] });
  const company = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
  closedInvoice = await datedInvoice(t, admin, company._id, '2024-11-10', [100, 20]);
  await payLines(admin, closedInvoice, [0], '2024-11-20');
  openInvoice = await datedInvoice(t, admin, company._id, '2024-12-05', [30]);
  await payLines(admin, openInvoice, [0], '2024-12-06');
  lateClosed = await datedInvoice(t, admin, company._id, '2024-11-12', [10], '2024-11-20');
  lateOpen = await datedInvoice(t, admin, company._id, '2024-12-12', [10], '2024-12-20');
});
afterAll(async () => t?.close());

describe('GET /api/Reports/Chart', () => {
  const url = (q: Record<string, string>) => `/api/Reports/Chart?${new URLSearchParams(q).toString()}`;

  it('401, 403 for tenants, 400 when the end is not after the start', async () => {
    expect((await t.app.inject({ method: 'GET', url: url({ start: '2024-01-01', end: '2024-12-31', grouping: 'Monthly', measure: 'billed' }) })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url: url({ start: '2024-01-01', end: '2024-12-31', grouping: 'Monthly', measure: 'billed' }) })).statusCode).toBe(403);
    const bad = await reportsStaff.request({ method: 'GET', url: url({ start: '2024-12-31', end: '2024-12-31', grouping: 'Monthly', measure: 'billed' }) });
    expect(bad.json().errors).toEqual({ end: REPORT_MESSAGES.endNotAfterStart });
    const hourly = await reportsStaff.request({ method: 'GET', url: url({ start: '2024-01-01', end: '2024-12-31', grouping: 'Hourly', measure: 'billed' }) });
    expect(hourly.json().errors).toEqual({ grouping: 'Hourly charts cover at most 31 days' });
  });

  it('billed and collected by month, in dollars summed from cents', async () => {
    const billed = (await reportsStaff.request({ method: 'GET', url: url({ start: '2024-10-01', end: '2024-12-31', grouping: 'Monthly', measure: 'billed' }) })).json();
    expect(billed).toMatchObject({ unit: 'dollars', points: [{ label: '2024-11', value: 130 }, { label: '2024-12', value: 40 }] });
    const collected = (await reportsStaff.request({ method: 'GET', url: url({ start: '2024-11-01', end: '2024-12-31', grouping: 'Daily', measure: 'collected' }) })).json();
    expect(collected.points).toEqual([{ label: '2024-11-20', value: 100 }, { label: '2024-12-06', value: 30 }]);
  });

  it('parking by aircraft type names every type; wait-list joins and work orders count', async () => {
    const parking = (await reportsStaff.request({ method: 'GET', url: url({ start: '2024-01-01', end: '2024-12-31', grouping: 'Monthly', measure: 'parkingByAircraftType' }) })).json();
    expect(parking.points.length).toBeGreaterThanOrEqual(6);
    expect(parking.points.every((p: { value: number }) => p.value === 0)).toBe(true);
    for (const measure of ['waitlistJoins', 'workordersOpened']) {
      const res = await reportsStaff.request({ method: 'GET', url: url({ start: '2024-01-01', end: '2024-12-31', grouping: 'Daily', measure }) });
      expect(res.json()).toMatchObject({ unit: 'count', points: [] });
    }
  });
});

describe('saved reports', () => {
  it('create, GetAll, GetData, delete; tenants get 403; a bad body names the field', async () => {
    expect((await tenant.request({ method: 'GET', url: '/api/Reports/GetAll' })).statusCode).toBe(403);
    const bad = await reportsStaff.request({ method: 'POST', url: '/api/Reports', payload: { label: ' ', measure: 'billed', grouping: 'Monthly', chartType: 'Line' } });
    expect(bad.json().errors).toEqual({ label: 'Label is required', chartType: 'Chart Type must be Bar, Pie or Radar' });
    const created = await reportsStaff.request({ method: 'POST', url: '/api/Reports', payload: { label: 'Billing by month', measure: 'billed', grouping: 'Monthly', chartType: 'Bar' } });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect(created.json()).toMatchObject({ message: 'Report Saved', baseUrl: '/api/Reports/GetData', chartId: id });
    expect((await reportsStaff.request({ method: 'GET', url: '/api/Reports/GetAll' })).json().map((r: { _id: string }) => r._id)).toEqual([id]);
    expect((await reportsStaff.request({ method: 'GET', url: '/api/Reports' })).json().map((r: { _id: string }) => r._id)).toEqual([id]);
    const data = await reportsStaff.request({ method: 'GET', url: `/api/Reports/GetData/${id}?start=2024-01-01&end=2024-12-31` });
    expect(data.json()).toMatchObject({ label: 'Billing by month', data: { points: [{ label: '2024-11', value: 130 }, { label: '2024-12', value: 40 }] } });
    expect((await reportsStaff.request({ method: 'DELETE', url: `/api/Reports/${id}` })).json()).toEqual({ message: 'Report Deleted' });
    expect((await reportsStaff.request({ method: 'GET', url: `/api/Reports/GetData/${id}` })).statusCode).toBe(404);
  });
});

describe('period close and the general ledger', () => {
  it('the ledger of an open period is refused; only Reports admins close; not today or later', async () => {
    expect((await reportsStaff.request({ method: 'GET', url: '/api/Reports/GeneralLedger?begin=2024-11-01&end=2024-11-30' })).statusCode).toBe(409);
    expect((await reportsStaff.request({ method: 'POST', url: '/api/Reports/PeriodClose', payload: { through: '2024-11-30' } })).statusCode).toBe(403);
    const future = await admin.request({ method: 'POST', url: '/api/Reports/PeriodClose', payload: { through: '2999-01-01' } });
    expect(future.json().errors).toEqual({ through: 'Close Through must be before today' });
  });

  it('closing November freezes invoices dated in it; December stays open; payments still allowed', async () => {
    const closed = await admin.request({ method: 'POST', url: '/api/Reports/PeriodClose', payload: { through: '2024-11-30' } });
    expect(closed.json()).toEqual({ message: 'Period Closed', closedThrough: '2024-11-30' });
    const again = await admin.request({ method: 'POST', url: '/api/Reports/PeriodClose', payload: { through: '2024-11-15' } });
    expect(again.json().errors).toEqual({ through: 'This period is already closed' });

    const add = await admin.request({ method: 'POST', url: `/api/Invoices/LineItems/Add/${closedInvoice._id}`, payload: { name: 'Late', description: 'Fee', charges: 5, amount: 1 } });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(REPORT_MESSAGES.periodClosed);
    const edit = await admin.request({ method: 'PUT', url: `/api/Invoices/LineItems/${closedInvoice._id}`, payload: { uid: closedInvoice.lineItems[1]!._id, name: 'x', description: 'Fee', charges: 1, amount: 1 } });
    expect(edit.json().message).toBe(REPORT_MESSAGES.periodClosed);
    const cancel = await admin.request({ method: 'PUT', url: `/api/Invoices/Cancel/${closedInvoice._id}` });
    expect(cancel.json().message).toBe(REPORT_MESSAGES.periodClosed);
    const december = await admin.request({ method: 'POST', url: `/api/Invoices/LineItems/Add/${openInvoice._id}`, payload: { name: 'Late', description: 'Fee', charges: 5, amount: 1 } });
    expect(december.statusCode).toBe(201);
    const stored = (await admin.request({ method: 'GET', url: `/api/Invoices/${closedInvoice._id}` })).json();
    expect(stored.lineItems).toHaveLength(2);
    await payLines(admin, closedInvoice, [1], '2024-12-10');
  });

  it('the overdue job leaves a closed period alone: no late fee, no status change', async () => {
    await runOverdueInvoices(t.db);
    const closedNow = (await admin.request({ method: 'GET', url: `/api/Invoices/${lateClosed._id}` })).json();
    expect(closedNow).toMatchObject({ status: 'Created', amountTotal: 10 });
    const openNow = (await admin.request({ method: 'GET', url: `/api/Invoices/${lateOpen._id}` })).json();
    expect(openNow.status).toBe('Overdue');
  });

  it('the closed period exports as balanced CSV journal lines', async () => {
    const res = await reportsStaff.request({ method: 'GET', url: '/api/Reports/GeneralLedger?begin=2024-11-01&end=2024-11-30' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['Date', 'Journal', 'Reference', 'Account', 'Description', 'Debit', 'Credit']);
    const body = lines.slice(1);
    expect(body.map((l) => [l[0], l[3], l[5], l[6]])).toEqual([
      ['2024-11-10', 'Accounts Receivable', '120.00', ''],
      ['2024-11-10', 'Lease and Service Revenue', '', '120.00'],
      ['2024-11-12', 'Accounts Receivable', '10.00', ''],
      ['2024-11-12', 'Lease and Service Revenue', '', '10.00'],
      ['2024-11-20', 'Cash - Checks', '100.00', ''],
      ['2024-11-20', 'Accounts Receivable', '', '100.00'],
    ]);
    const sum = (i: number) => body.reduce((acc, l) => acc + Math.round(Number(l[i] || 0) * 100), 0);
    expect(sum(5)).toBe(sum(6));
  });
});
