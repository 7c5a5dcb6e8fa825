import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { addCalendarDays, calendarDate, fromCents, toCents, type TConsolidatedAgingReport, type TConsolidatedInvoiceReport, type TConsolidatedRentRoll } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { FIRST_AIRPORT_ID, findAirport, insertAirport, withAirport } from '../../platform/tenancy/index';
import { ensureSystemSettings } from '../settings/index';
import { buildCompany } from '../invoices/billing.test-support';
import { buildAgreement, buildLeaseMasterData, buildProperty } from '../agreements/agreements.test-support';
import { datedInvoice, payLines } from './reports.test-support';

/**
 * Consolidated reports (docs/airports.md): two airports with their own invoices and leases; the
 * authority-wide administrator's "all airports" report lists each airport's rows under it, with
 * subtotals equal to each airport's own report and a grand total equal to their sum.
 */
let t: TestApp;
let authority: Caller;
let mainAdmin: Caller;
let relieverAdmin: Caller;
let reliever: { id: string; code: string; name: string };
let main: { id: string; code: string; name: string };
const NOVEMBER = { begin: '2024-11-01', end: '2024-11-30' };
const today = calendarDate(new Date());

/** An airport's data through its own administrator: two companies, invoices, a payment, a lease. */
async function seedAirport(airportId: string, admin: Caller, amounts: [number[], number[]]) {
  const first = await buildCompany(admin);
  const second = await buildCompany(admin);
  // The fixture back-dates the invoice with a direct update: it must run at the invoice's airport.
  const paid = await withAirport(airportId, () => datedInvoice(t, admin, first._id, '2024-11-10', amounts[0]));
  await payLines(admin, paid, [0], '2024-11-20');
  await withAirport(airportId, () => datedInvoice(t, admin, second._id, '2024-11-15', amounts[1], '2024-11-30'));
  const master = await buildLeaseMasterData(admin);
  const agreement = await buildAgreement(admin, master, first._id, { startDate: addCalendarDays(today, -30) });
  const property = await buildProperty(admin);
  const linked = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
  if (linked.statusCode !== 201) throw new Error(linked.body);
  return [first._id, second._id];
}

let mainCompanies: string[];
let relieverCompanies: string[];

beforeAll(async () => {
  t = await createTestApp();
  const code = `R${randomBytes(2).toString('hex').toUpperCase()}`;
  const row = await insertAirport(t.db, { code, name: 'Reliever Field', timeZone: 'America/Denver' });
  reliever = { id: row.id, code: row.code, name: row.name };
  const first = (await findAirport(t.db, FIRST_AIRPORT_ID))!;
  main = { id: first.id, code: first.code, name: first.name };
  await insertAirport(t.db, { code: `X${randomBytes(2).toString('hex').toUpperCase()}`, name: 'Closed Field', timeZone: 'America/Denver', enabled: false });
  await withAirport(reliever.id, () => ensureSystemSettings(t.db));
  authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true });
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  relieverAdmin = await withAirport(reliever.id, () => signIn(t, { modules: 'all', isAdmin: true }));
  mainCompanies = await seedAirport(main.id, mainAdmin, [[100, 20], [50]]);
  relieverCompanies = await seedAirport(reliever.id, relieverAdmin, [[300.25], [40.1, 9.9]]);
});
afterAll(async () => t?.close());

const sum = (values: number[]) => fromCents(values.reduce((acc, v) => acc + toCents(v), 0));

describe('consolidated billing and collection', () => {
  it('lists each airport’s companies under it; subtotals are each airport’s report, the total their sum', async () => {
    const res = await authority.request({ method: 'POST', url: '/api/Reports/Invoices?scope=all', payload: { ...NOVEMBER, kind: 'Billing' } });
    expect(res.statusCode).toBe(200);
    const all = res.json() as TConsolidatedInvoiceReport;
    expect(all.airports.map((a) => a.airportCode)).toEqual([main.code, reliever.code].sort());
    const codeOf = (companyId: string) => all.rows.find((r) => r.companyId === companyId)?.airportCode;
    expect(mainCompanies.map(codeOf)).toEqual([main.code, main.code]);
    expect(relieverCompanies.map(codeOf)).toEqual([reliever.code, reliever.code]);
    expect(all.rows.find((r) => r.companyId === relieverCompanies[0])).toMatchObject({ airportName: 'Reliever Field', amountBilled: 300.25, amountPaid: 300.25 });

    const own = {
      [main.id]: (await mainAdmin.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { ...NOVEMBER, kind: 'Billing' } })).json(),
      [reliever.id]: (await relieverAdmin.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { ...NOVEMBER, kind: 'Billing' } })).json(),
    };
    for (const airport of all.airports) expect(airport.totals).toEqual(own[airport.airportId].totals);
    expect(all.totals).toEqual({
      invoices: all.airports.reduce((acc, a) => acc + a.totals.invoices, 0),
      amountBilled: sum(all.airports.map((a) => a.totals.amountBilled)),
      amountPaid: sum(all.airports.map((a) => a.totals.amountPaid)),
      amountDue: sum(all.airports.map((a) => a.totals.amountDue)),
      overDue: sum(all.airports.map((a) => a.totals.overDue)),
    });
    expect(all.totals).toMatchObject({ invoices: 4, amountBilled: 520.25, amountPaid: 400.25, amountDue: 120, overDue: 100 });
  });

  it('collection across airports sums the payments of both', async () => {
    const all = (await authority.request({ method: 'POST', url: '/api/Reports/Invoices?scope=all', payload: { ...NOVEMBER, kind: 'Collection' } })).json() as TConsolidatedInvoiceReport;
    expect(all.airports.map((a) => a.totals.amountPaid).sort()).toEqual([100, 300.25]);
    expect(all.totals.amountPaid).toBe(400.25);
  });

  it('the airport’s own report is unchanged: its rows only, no airport columns', async () => {
    const own = (await mainAdmin.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { ...NOVEMBER, kind: 'Billing' } })).json();
    expect(own.rows.map((r: { companyId: string }) => r.companyId).sort()).toEqual([...mainCompanies].sort());
    expect(Object.keys(own).sort()).toEqual(['begin', 'end', 'kind', 'rows', 'totals']);
    expect(Object.keys(own.rows[0])).not.toContain('airportCode');
    const authorityOwn = (await authority.request({ method: 'POST', url: '/api/Reports/Invoices?scope=airport', payload: { ...NOVEMBER, kind: 'Billing' } })).json();
    expect(authorityOwn).toEqual(own);
  });
});

describe('consolidated A/R aging and rent roll', () => {
  it('aging: rows per airport, subtotals equal each airport’s aging, total their sum', async () => {
    const all = (await authority.request({ method: 'GET', url: '/api/Reports/Aging?scope=all' })).json() as TConsolidatedAgingReport;
    const own = {
      [main.id]: (await mainAdmin.request({ method: 'GET', url: '/api/Reports/Aging' })).json(),
      [reliever.id]: (await relieverAdmin.request({ method: 'GET', url: '/api/Reports/Aging' })).json(),
    };
    for (const airport of all.airports) {
      expect(airport.totals).toEqual(own[airport.airportId].totals);
      expect(airport.asOf).toBe(own[airport.airportId].asOf);
      expect(all.rows.filter((r) => r.airportId === airport.airportId).map((r) => r.companyId)).toEqual(own[airport.airportId].rows.map((r: { companyId: string }) => r.companyId));
    }
    expect(all.rows.find((r) => r.companyId === relieverCompanies[1])).toMatchObject({ airportCode: reliever.code, total: 50 });
    expect(all.totals.total).toBe(sum(all.airports.map((a) => a.totals.total)));
    expect(all.totals).toMatchObject({ current: 20, over90: 100, total: 120 });
  });

  it('rent roll: each airport’s leases with a rent subtotal and total', async () => {
    const all = (await authority.request({ method: 'GET', url: '/api/Reports/RentRoll?scope=all' })).json() as TConsolidatedRentRoll;
    expect(all.rows.map((r) => [r.airportCode, r.companyId])).toEqual([[main.code, mainCompanies[0]], [reliever.code, relieverCompanies[0]]].sort((x, y) => x[0]!.localeCompare(y[0]!)));
    expect(all.airports.map((a) => a.totals.rent)).toEqual([450.5, 450.5]);
    expect(all.totals.rent).toBe(901);
    const own = (await relieverAdmin.request({ method: 'GET', url: '/api/Reports/RentRoll' })).json();
    expect(own.map((r: { companyId: string }) => r.companyId)).toEqual([relieverCompanies[0]]);
  });
});

describe('who may read them, and exports', () => {
  it('anyone but an authority-wide administrator gets 403, for the reports and their exports', async () => {
    for (const caller of [mainAdmin, relieverAdmin]) {
      expect((await caller.request({ method: 'POST', url: '/api/Reports/Invoices?scope=all', payload: { ...NOVEMBER, kind: 'Billing' } })).statusCode).toBe(403);
      expect((await caller.request({ method: 'GET', url: '/api/Reports/Aging?scope=all' })).statusCode).toBe(403);
      expect((await caller.request({ method: 'GET', url: '/api/Reports/RentRoll?scope=all' })).statusCode).toBe(403);
      expect((await caller.request({ method: 'GET', url: '/api/Reports/Export/aging?format=csv&scope=all' })).statusCode).toBe(403);
    }
    expect((await authority.request({ method: 'GET', url: '/api/Reports/Aging?scope=everything' })).statusCode).toBe(400);
    expect((await authority.request({ method: 'GET', url: '/api/Reports/Export/insurances-expired?format=csv&scope=all' })).statusCode).toBe(400);
  });

  it('the CSV has the Airport column first, a subtotal after each airport and the grand total', async () => {
    const res = await authority.request({ method: 'GET', url: `/api/Reports/Export/invoices?format=csv&scope=all&kind=Billing&begin=${NOVEMBER.begin}&end=${NOVEMBER.end}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('billing-all-airports-2024-11-01-2024-11-30.csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['Airport', 'Company', 'Invoices', 'Amount Billed', 'Amount Paid', 'Amount Due', 'Overdue']);
    const subtotals = lines.filter((l) => l[1] === 'Subtotal');
    expect(subtotals.map((l) => l[0]!.split(' ')[0]).sort()).toEqual([main.code, reliever.code].sort());
    expect(subtotals.find((l) => l[0]!.startsWith(reliever.code))).toEqual([`${reliever.code} — Reliever Field`, 'Subtotal', '2', '350.25', '300.25', '50.00', '50.00']);
    expect(lines[lines.length - 1]).toEqual(['', 'Total', '4', '520.25', '400.25', '120.00', '100.00']);
    for (const kind of ['xlsx', 'pdf']) {
      const file = await authority.request({ method: 'GET', url: `/api/Reports/Export/rent-roll?format=${kind}&scope=all` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(500);
    }
  });
});
