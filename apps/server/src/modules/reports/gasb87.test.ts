import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_AIRPORT_ID } from '../../platform/tenancy/index';
import { measureUnmeasured } from '../gasb87/gasb87.test-support';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import {
  agreementPayload, buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, superAdmin, type LeaseMasterData,
} from '../agreements/agreements.test-support';

/**
 * GASB 87 (issue 24, docs/gasb87.md) through HTTP, PGlite and PostgreSQL: each expected figure is
 * computed here by the annuity formulas, independently of the engine. The property of
 * `buildProperty` rents for $450.50 a month; the invoice cycle bills on the 1st of each month.
 */
let t: TestApp;
let admin: Caller;
let master: LeaseMasterData;
let companyId: string;

const RENT = 45_050;
/** n monthly payments in advance at monthly rate r: P (1 - (1 + r)^-n) / r (1 + r). */
const annuityDue = (payment: number, r: number, n: number) => (payment * (1 - Math.pow(1 + r, -n)) / r) * (1 + r);
const dollars = (cents: number) => Math.round(cents) / 100;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  master = await buildLeaseMasterData(admin);
  companyId = (await buildCompany(admin))._id;
}, 120_000);
afterAll(async () => t?.close());

async function paymentType(skuType: 'CPI' | 'Percent', skuValue: number): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: `${skuType} ${randomUUID()}`, skuType, skuValue, lateFee: 0 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

/** An agreement with one $450.50 property on it. */
async function lease(spec: Parameters<typeof agreementPayload>[2] = {}) {
  const agreement = await buildAgreement(admin, master, companyId, spec);
  const property = await buildProperty(admin);
  const res = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
  expect(res.statusCode, res.body).toBe(201);
  return agreement;
}

const report = (caller: Caller, id: string) => caller.request({ method: 'GET', url: `/api/Reports/Gasb87/Agreements/${id}` });

describe('a lease measured at commencement', () => {
  it('60 monthly payments of $450.50 at 6 %: the receivable is the annuity due, the last balance 0', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
    const res = await report(admin, agreement._id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const pv = annuityDue(RENT, 0.005, 60);
    expect(body).toMatchObject({ agreementId: agreement._id, agreementNum: agreement.agreementNum, rate: 6, commencement: '2025-01-01', termEnd: '2029-12-31', exclusion: null });
    expect(body.receivable).toBe(dollars(pv));
    expect(body.deferredInflow).toBe(body.receivable);
    expect(body.schedule).toHaveLength(60);
    expect(body.schedule[0]).toEqual({ date: '2025-01-01', payment: 450.5, interest: 0, principal: 450.5, balance: dollars(Math.round(pv) - RENT) });
    expect(body.schedule[1].interest).toBe(dollars(Math.round((Math.round(pv) - RENT) * 0.005)));
    expect(body.schedule.at(-1)).toMatchObject({ date: '2029-12-01', balance: 0 });
    expect(body.measurements[0]).toMatchObject({ reason: 'commencement', measuredOn: '2025-01-01', receivable: body.receivable });
  });

  it('the airport rate (System Settings GASB87_DISCOUNT_RATE) when the agreement has none; the setting is validated', async () => {
    const list = await admin.request({ method: 'GET', url: '/api/Crud/systemSettings?q=GASB87_DISCOUNT_RATE' });
    const id = (list.json() as Array<{ _id: string; name: string }>).find((r) => r.name === 'GASB87_DISCOUNT_RATE')!._id;
    for (const value of ['-1', 'abc', '101']) {
      const bad = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${id}`, payload: { name: 'GASB87_DISCOUNT_RATE', value } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['value']);
    }
    const set = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${id}`, payload: { name: 'GASB87_DISCOUNT_RATE', value: '4.5' } });
    expect(set.statusCode, set.body).toBe(200);
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2026-12-31' });
    const body = (await report(admin, agreement._id)).json();
    expect(body.rate).toBe(4.5);
    expect(body.receivable).toBe(dollars(annuityDue(RENT, 0.045 / 12, 24)));
  });

  it('CPI escalation is measured with the index at commencement (no change); a Percent step known at commencement is', async () => {
    const cpi = await lease({ startDate: '2025-01-01', endDate: '2027-12-31', gasbDiscountRate: 6, rentAdjustmentType: await paymentType('CPI', 2), adjustmentDate: '2026-01-01', adjustmentFreq: 12 });
    const cpiBody = (await report(admin, cpi._id)).json();
    expect(cpiBody.receivable).toBe(dollars(annuityDue(RENT, 0.005, 36)));
    expect(new Set(cpiBody.schedule.map((r: { payment: number }) => r.payment))).toEqual(new Set([450.5]));

    const percent = await lease({ startDate: '2025-01-01', endDate: '2027-12-31', gasbDiscountRate: 6, rentAdjustmentType: await paymentType('Percent', 3), adjustmentDate: '2026-01-01', adjustmentFreq: 12 });
    const body = (await report(admin, percent._id)).json();
    // $450.50, then +3 % = $464.02 (half up), then +3 % = $477.94.
    const [p1, p2, p3] = [RENT, 46_402, 47_794];
    const v12 = Math.pow(1.005, -12);
    const expected = annuityDue(p1, 0.005, 12) + annuityDue(p2, 0.005, 12) * v12 + annuityDue(p3, 0.005, 12) * v12 * v12;
    expect(body.receivable).toBe(dollars(expected));
    expect(body.schedule[12]).toMatchObject({ date: '2026-01-01', payment: 464.02 });
    expect(body.schedule[24]).toMatchObject({ date: '2027-01-01', payment: 477.94 });
    expect(body.schedule.at(-1).balance).toBe(0);
  });

  it('short-term (a maximum possible term of 12 months) and regulated aviation leases are disclosed only', async () => {
    const short = await lease({ startDate: '2025-03-01', endDate: '2026-02-28' });
    expect((await report(admin, short._id)).json()).toMatchObject({ exclusion: 'short-term', receivable: 0, deferredInflow: 0, schedule: [] });
    // Open-ended (not renewable, no End Date): month to month, cancellable, so short-term too.
    const open = await lease({ startDate: '2025-01-01', renewable: false, endDate: '' });
    expect((await report(admin, open._id)).json()).toMatchObject({ exclusion: 'short-term', termEnd: null, receivable: 0, schedule: [] });
    const regulated = await lease({ startDate: '2025-01-01', endDate: '2034-12-31', gasbRegulated: true });
    expect((await report(admin, regulated._id)).json()).toMatchObject({ exclusion: 'regulated', receivable: 0, deferredInflow: 0, schedule: [] });
  });

  it('a renewal reasonably certain extends the term', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2025-12-31', gasbDiscountRate: 6, gasbRenewalCertain: true, gasbRenewalEnd: '2026-12-31' });
    const body = (await report(admin, agreement._id)).json();
    expect(body).toMatchObject({ exclusion: null, termEnd: '2026-12-31' });
    expect(body.receivable).toBe(dollars(annuityDue(RENT, 0.005, 24)));
  });
});

describe('the backfill', () => {
  it('measures an agreement that has no measurement (one from before this feature, or imported), once', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
    await t.database.query('delete from gasb87_measurements where agreement_id = $1', [agreement._id]);
    expect((await report(admin, agreement._id)).json()).toMatchObject({ receivable: 0, schedule: [], measurements: [] });
    expect(await measureUnmeasured(t.db)).toBe(1);
    const body = (await report(admin, agreement._id)).json();
    expect(body.receivable).toBe(dollars(annuityDue(RENT, 0.005, 60)));
    expect(body.measurements).toHaveLength(1);
    expect(await measureUnmeasured(t.db)).toBe(0);
  });
});

describe('a mid-term modification', () => {
  it('remeasures the remaining payments from the modification date and keeps the earlier version', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
    const before = (await report(admin, agreement._id)).json();
    const balanceBefore = before.schedule[23].balance; // after the December 2026 payment
    const payload = { ...agreementPayload(master, companyId, { startDate: '2025-01-01', endDate: '2031-12-31', gasbDiscountRate: 6 }), agreementNum: agreement.agreementNum, gasbModificationDate: '2027-01-01' };
    const put = await admin.request({ method: 'PUT', url: `/api/Agreements/${agreement._id}`, payload });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await report(admin, agreement._id)).json();
    const pv = annuityDue(RENT, 0.005, 60); // 2027-01 to 2031-12
    expect(after.receivable).toBe(dollars(pv));
    expect(after.schedule[0]).toMatchObject({ date: '2027-01-01', interest: 0 });
    expect(after.schedule).toHaveLength(60);
    expect(after.schedule.at(-1).balance).toBe(0);
    const [latest, earlier] = after.measurements;
    expect(latest).toMatchObject({ reason: 'modification', measuredOn: '2027-01-01', receivable: dollars(pv) });
    expect(earlier).toMatchObject({ reason: 'commencement', measuredOn: '2025-01-01', receivable: before.receivable });
    // The deferred inflow moves by the receivable's change: what was left of it + (new PV - old balance).
    const recognised = Math.round((Math.round(before.deferredInflow * 100) * 24) / 60);
    expect(latest.deferredInflow).toBe(dollars(Math.round(before.deferredInflow * 100) - recognised + Math.round(pv) - Math.round(balanceBefore * 100)));

    // The fiscal year of the change (July-June by default): beginning + additions - reductions = ending.
    const roll = (await admin.request({ method: 'GET', url: '/api/Reports/Gasb87/RollForward?fiscalYear=2027' })).json();
    const row = roll.rows.find((r: { agreementId: string }) => r.agreementId === agreement._id);
    expect(row.beginningReceivable).toBe(before.schedule[17].balance); // after the June 2026 payment
    expect(row.additions).toBe(dollars(Math.round(pv) - Math.round(balanceBefore * 100)));
    expect(dollars(Math.round(row.beginningReceivable * 100) + Math.round(row.additions * 100) - Math.round(row.reductions * 100))).toBe(row.endingReceivable);
    expect(row.endingReceivable).toBe(after.schedule[5].balance); // after the June 2027 payment
  });
});

describe('reports', () => {
  it('roll-forward, maturity and journal entries agree with the schedule', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
    const schedule = (await report(admin, agreement._id)).json().schedule as Array<{ interest: number; balance: number }>;
    const res = await admin.request({ method: 'GET', url: '/api/Reports/Gasb87/RollForward?fiscalYear=2026' });
    expect(res.statusCode, res.body).toBe(200);
    const roll = res.json();
    expect(roll).toMatchObject({ fiscalYear: 2026, from: '2025-07-01', to: '2026-06-30' });
    const row = roll.rows.find((r: { agreementId: string }) => r.agreementId === agreement._id);
    const interest = schedule.slice(6, 18).reduce((a, r) => a + Math.round(r.interest * 100), 0);
    expect(row).toMatchObject({ agreementNum: agreement.agreementNum, beginningReceivable: schedule[5]!.balance, endingReceivable: schedule[17]!.balance, additions: 0, interestRevenue: dollars(interest) });
    expect(row.endingDeferredInflow).toBe(dollars(Math.round(row.beginningDeferredInflow * 100) - Math.round(row.leaseRevenue * 100)));
    const nums = roll.rows.map((r: { agreementNum: string }) => r.agreementNum);
    expect(nums).toEqual([...nums].sort((a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })));

    const maturityRes = await admin.request({ method: 'GET', url: '/api/Reports/Gasb87/Maturity?asOf=2026-06-30' });
    expect(maturityRes.statusCode, maturityRes.body).toBe(200);
    const maturity = maturityRes.json();
    expect(maturity.rows.slice(0, 5).map((r: { label: string }) => r.label)).toEqual(['FY 2027', 'FY 2028', 'FY 2029', 'FY 2030', 'FY 2031']);
    expect(maturity.totals.principal).toBe(roll.totals.endingReceivable);

    const journal = await admin.request({ method: 'GET', url: '/api/Reports/Gasb87/JournalEntries?from=2025-01-01&to=2025-01-31' });
    expect(journal.statusCode, journal.body).toBe(200);
    const lines = journal.json().rows.filter((l: { agreementNum: string }) => l.agreementNum === agreement.agreementNum);
    expect(lines).toContainEqual({ date: '2025-01-01', account: 'Lease Receivable', description: 'Lease commencement', agreementNum: agreement.agreementNum, debit: dollars(annuityDue(RENT, 0.005, 60)), credit: 0 });
    const sum = (key: 'debit' | 'credit') => lines.reduce((a: number, l: Record<string, number>) => a + Math.round(l[key]! * 100), 0);
    expect(sum('debit')).toBe(sum('credit'));

    const gl = await admin.request({ method: 'GET', url: '/api/Reports/GeneralLedger/Gasb87?from=2025-01-01&to=2025-01-31' });
    expect(gl.statusCode).toBe(200);
    expect(gl.headers['content-type']).toContain('text/csv');
    expect(gl.body).toContain(`${agreement.agreementNum},Lease Receivable,Lease commencement`);
  });

  it('exports CSV, Excel and PDF', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31', gasbDiscountRate: 6 });
    const csv = await admin.request({ method: 'GET', url: `/api/Reports/Export/gasb87-schedule?format=csv&agreementId=${agreement._id}` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n')[1]).toBe('01/01/2025,450.50,0.00,450.50,' + (annuityDue(RENT, 0.005, 60) / 100 - 450.5).toFixed(2));
    for (const [name, query] of [['gasb87-roll-forward', 'fiscalYear=2026'], ['gasb87-maturity', 'asOf=2026-06-30']]) {
      for (const format of ['csv', 'xlsx', 'pdf']) {
        const res = await admin.request({ method: 'GET', url: `/api/Reports/Export/${name}?format=${format}&${query}` });
        expect(res.statusCode, `${name} ${format} ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
    const missing = await admin.request({ method: 'GET', url: '/api/Reports/Export/gasb87-roll-forward?format=csv&fiscalYear=abc' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('fiscalYear');
  });
});

describe('who may call', () => {
  it('401 without a session, 400 with the field named, 403 for tenants and staff without Reports, 404 for another airport', async () => {
    const agreement = await lease({ startDate: '2025-01-01', endDate: '2029-12-31' });
    const anon = await anonymous(t);
    expect((await anon({ method: 'GET', url: `/api/Reports/Gasb87/Agreements/${agreement._id}` })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'GET', url: '/api/Reports/Gasb87/RollForward?fiscalYear=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('fiscalYear');
    const tenant = await signIn(t, { isInternal: false, companyId });
    expect((await report(tenant, agreement._id)).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: `/api/Reports/Export/gasb87-schedule?format=csv&agreementId=${agreement._id}` })).statusCode).toBe(403);
    const leaseStaff = await signIn(t, { modules: ['Lease'] });
    expect((await leaseStaff.request({ method: 'GET', url: '/api/Reports/Gasb87/RollForward?fiscalYear=2026' })).statusCode).toBe(403);
    const reportsStaff = await signIn(t, { modules: ['Reports'] });
    expect((await report(reportsStaff, agreement._id)).statusCode).toBe(200);
    expect((await report(reportsStaff, randomUUID())).statusCode).toBe(404);

    const authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true });
    const created = await authority.request({ method: 'POST', url: '/api/Airports', payload: { code: 'G87', name: 'Field G87', timeZone: 'America/Denver' } });
    expect(created.statusCode, created.body).toBe(201);
    await authority.request({ method: 'PUT', url: '/api/Session/Airport', payload: { airportId: created.json().id } });
    const otherMaster = await buildLeaseMasterData(authority);
    const other = await buildAgreement(authority, otherMaster, (await buildCompany(authority))._id, { startDate: '2025-01-01', endDate: '2029-12-31' });
    await authority.request({ method: 'PUT', url: '/api/Session/Airport', payload: { airportId: FIRST_AIRPORT_ID } });
    expect((await report(authority, other._id)).statusCode).toBe(404);
  });

  it('refuses a bad discount rate on the agreement with the field named, and stores nothing', async () => {
    for (const gasbDiscountRate of [-1, 'abc', 101]) {
      const res = await admin.request({ method: 'POST', url: '/api/Agreements', payload: { ...agreementPayload(master, companyId), gasbDiscountRate } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('gasbDiscountRate');
    }
    const renewal = await admin.request({ method: 'POST', url: '/api/Agreements', payload: { ...agreementPayload(master, companyId, { endDate: '2026-12-31' }), gasbRenewalCertain: true } });
    expect(renewal.statusCode).toBe(400);
    expect(renewal.json().errors).toHaveProperty('gasbRenewalEnd');
  });
});
