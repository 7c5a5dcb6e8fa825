import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addCalendarDays, calendarDate, insuranceDefaultDates, type TInvoiceReport } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, superAdmin } from '../invoices/billing.test-support';
import { buildAgreement, buildLeaseMasterData, buildProperty } from '../agreements/agreements.test-support';
import { datedInvoice, payLines } from './reports.test-support';

let t: TestApp;
let admin: Caller;
let reportsStaff: Caller;
let invoicesOnly: Caller;
let tenantA: Caller;
let tenantB: Caller;
let a: { _id: string; name: string };
let b: { _id: string; name: string };
const today = calendarDate(new Date());
const NOVEMBER = { begin: '2024-11-01', end: '2024-11-30' };

/** CSV as rows of fields (quotes handled), without the BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted && ch === '"' && body[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  return rows;
}

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  reportsStaff = await signIn(t, { modules: ['Reports'] });
  invoicesOnly = await signIn(t, { modules: ['Invoices'] });
  a = await buildCompany(admin);
  b = await buildCompany(admin);
  tenantA = await signIn(t, { isInternal: false, companyId: a._id });
  tenantB = await signIn(t, { isInternal: false, companyId: b._id });

  // Company A: $100 paid and $50 due (overdue since 11/30/2024) -> $150 billed.
  const a1 = await datedInvoice(t, admin, a._id, '2024-11-10', [100]);
  await payLines(admin, a1, [0], '2024-11-20');
  await datedInvoice(t, admin, a._id, '2024-11-15', [50], '2024-11-30');
  // Company B: $151 in November, $100 of it paid in December; a cancelled invoice and an October one stay out.
  const b1 = await datedInvoice(t, admin, b._id, '2024-11-05', [25.5, 25.5, 100]);
  await payLines(admin, b1, [2], '2024-12-02');
  const cancelled = await datedInvoice(t, admin, b._id, '2024-11-06', [10]);
  const res = await admin.request({ method: 'PUT', url: `/api/Invoices/Cancel/${cancelled._id}` });
  if (res.statusCode !== 200) throw new Error(res.body);
  await datedInvoice(t, admin, b._id, '2024-10-31', [70]);
});
afterAll(async () => t?.close());

const rowOf = (report: TInvoiceReport, companyId: string) => report.rows.find((r) => r.companyId === companyId);

describe('POST /api/Reports/Invoices', () => {
  it('401 signed out, 400 naming the field, 403 for staff without Reports', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Reports/Invoices', payload: NOVEMBER })).statusCode).toBe(401);
    const bad = await reportsStaff.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { begin: '2024-11-30', end: '2024-11-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ end: 'End must be on or after Begin' });
    expect((await reportsStaff.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { end: '2024-11-01' } })).json().errors).toEqual({ begin: 'Begin is required' });
    expect((await invoicesOnly.request({ method: 'POST', url: '/api/Reports/Invoices', payload: NOVEMBER })).statusCode).toBe(403);
  });

  it('billing: one row per company summed in cents, against a hand-computed fixture, with totals', async () => {
    const res = await reportsStaff.request({ method: 'POST', url: '/api/Reports/Invoices', payload: NOVEMBER });
    expect(res.statusCode).toBe(200);
    const report = res.json() as TInvoiceReport;
    expect(report.rows).toHaveLength(2);
    expect(rowOf(report, a._id)).toEqual({ companyId: a._id, company: a.name, invoices: 2, amountBilled: 150, amountPaid: 100, amountDue: 50, overDue: 50 });
    expect(rowOf(report, b._id)).toEqual({ companyId: b._id, company: b.name, invoices: 1, amountBilled: 151, amountPaid: 100, amountDue: 51, overDue: 0 });
    expect(report.totals).toEqual({ invoices: 3, amountBilled: 301, amountPaid: 200, amountDue: 101, overDue: 50 });
  });

  it('collection: payments received in the period only (the paid column)', async () => {
    const nov = (await reportsStaff.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { ...NOVEMBER, kind: 'Collection' } })).json() as TInvoiceReport;
    expect(nov.rows.map((r) => [r.companyId, r.amountPaid])).toEqual([[a._id, 100]]);
    const q4 = (await reportsStaff.request({ method: 'POST', url: '/api/Reports/Invoices', payload: { begin: '2024-10-01', end: '2024-12-31', kind: 'Collection' } })).json() as TInvoiceReport;
    expect(q4.totals.amountPaid).toBe(200);
    expect(q4.totals.amountBilled).toBe(0);
  });

  it('a tenant sees only their own company', async () => {
    const report = (await tenantA.request({ method: 'POST', url: '/api/Reports/Invoices', payload: NOVEMBER })).json() as TInvoiceReport;
    expect(report.rows.map((r) => r.companyId)).toEqual([a._id]);
    expect(report.totals.amountBilled).toBe(150);
  });

  it('drill-down: the company invoices of the period; another company is not found for a tenant', async () => {
    const res = await reportsStaff.request({ method: 'GET', url: `/api/Reports/Invoices/${b._id}?begin=2024-11-01&end=2024-11-30` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { amountTotal: number; status: string }) => [r.amountTotal, r.status]).sort()).toEqual([[10, 'Cancelled'], [151, 'Created']]);
    expect((await tenantA.request({ method: 'GET', url: `/api/Reports/Invoices/${b._id}?begin=2024-11-01&end=2024-11-30` })).statusCode).toBe(404);
    expect((await tenantA.request({ method: 'GET', url: `/api/Reports/Invoices/${a._id}?begin=2024-11-01&end=2024-11-30` })).json()).toHaveLength(2);
  });
});

describe('periods, aging', () => {
  it('periods come from the server; years run from the first year with data', async () => {
    const res = await tenantA.request({ method: 'GET', url: '/api/Reports/Periods' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today);
    expect(body.years.at(-1)).toBe(2024);
    expect(body.years[0]).toBe(Number(today.slice(0, 4)));
    expect(body.expiringSoonDays).toBe(30);
  });

  it('A/R aging buckets unpaid amounts by days past due; tenants see their own', async () => {
    const staff = (await reportsStaff.request({ method: 'GET', url: '/api/Reports/Aging' })).json();
    const rowA = staff.rows.find((r: { companyId: string }) => r.companyId === a._id);
    const rowB = staff.rows.find((r: { companyId: string }) => r.companyId === b._id);
    expect(rowA).toMatchObject({ current: 0, over90: 50, total: 50 });
    expect(rowB).toMatchObject({ current: 121, days1to30: 0, over90: 0, total: 121 });
    expect(staff.totals).toMatchObject({ total: 171, over90: 50, current: 121 });
    const mine = (await tenantB.request({ method: 'GET', url: '/api/Reports/Aging' })).json();
    expect(mine.rows.map((r: { companyId: string }) => r.companyId)).toEqual([b._id]);
  });
});

describe('insurances and rent roll', () => {
  beforeAll(async () => {
    const master = await buildLeaseMasterData(admin);
    const agreement = await buildAgreement(admin, master, a._id, { startDate: addCalendarDays(today, -400) });
    const property = await buildProperty(admin);
    const linked = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreement._id}/${property._id}` });
    if (linked.statusCode !== 201) throw new Error(linked.body);
    const insure = async (startDate: string, endDate: string) => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/Insurance/add',
        payload: { agreementId: agreement._id, propertyId: property._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 1000, ...insuranceDefaultDates(startDate), endDate },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    };
    await insure(addCalendarDays(today, -400), addCalendarDays(today, -10)); // expired
    await insure(addCalendarDays(today, -300), addCalendarDays(today, 10)); // expiring soon (30-day window)
    await insure(addCalendarDays(today, -300), addCalendarDays(today, 45)); // outside the window
  });

  it('Expired and Expiring Soon; tenants of another company see none; unknown report is 400', async () => {
    const expired = (await reportsStaff.request({ method: 'GET', url: '/api/Reports/Insurances/Expired' })).json();
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ companyName: a.name, company: a._id, endDate: addCalendarDays(today, -10) });
    const soon = (await reportsStaff.request({ method: 'GET', url: '/api/Reports/Insurances/Expiring%20Soon' })).json();
    expect(soon.map((r: { endDate: string }) => r.endDate)).toEqual([addCalendarDays(today, 10)]);
    expect((await tenantA.request({ method: 'GET', url: '/api/Reports/Insurances/Expired' })).json()).toHaveLength(1);
    expect((await tenantB.request({ method: 'GET', url: '/api/Reports/Insurances/Expired' })).json()).toEqual([]);
    expect((await reportsStaff.request({ method: 'GET', url: '/api/Reports/Insurances/Soon' })).statusCode).toBe(400);
  });

  it('rent roll lists the leased property under its tenant; another tenant sees none', async () => {
    const roll = (await reportsStaff.request({ method: 'GET', url: '/api/Reports/RentRoll' })).json();
    expect(roll).toHaveLength(1);
    expect(roll[0]).toMatchObject({ companyId: a._id, company: a.name, rent: 450.5 });
    expect((await tenantB.request({ method: 'GET', url: '/api/Reports/RentRoll' })).json()).toEqual([]);
  });
});

describe('exports', () => {
  const url = (format: string, report = 'invoices') => `/api/Reports/Export/${report}?format=${format}&begin=2024-11-01&end=2024-11-30&kind=Billing`;

  it('CSV parses back to the grid with a totals row; a tenant gets only their company', async () => {
    const res = await reportsStaff.request({ method: 'GET', url: url('csv') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Company', 'Invoices', 'Amount Billed', 'Amount Paid', 'Amount Due', 'Overdue']);
    expect(rows.find((r) => r[0] === a.name)).toEqual([a.name, '2', '150.00', '100.00', '50.00', '50.00']);
    expect(rows.at(-1)).toEqual(['Total', '3', '301.00', '200.00', '101.00', '50.00']);
    const mine = parseCsv((await tenantB.request({ method: 'GET', url: url('csv') })).body);
    expect(mine.map((r) => r[0])).toEqual(['Company', b.name, 'Total']);
  });

  it('Excel opens in a spreadsheet reader with number and date cells; tenants are scoped', async () => {
    const res = await tenantA.request({ method: 'GET', url: url('xlsx') });
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Company', 'Invoices', 'Amount Billed', 'Amount Paid', 'Amount Due', 'Overdue']);
    expect(sheet.getRow(2).values).toEqual([undefined, a.name, 2, 150, 100, 50, 50]);
    expect(sheet.getCell('C2').numFmt).toBe('$#,##0.00');
    expect(sheet.rowCount).toBe(3);
    const insurances = await readXlsx((await tenantA.request({ method: 'GET', url: '/api/Reports/Export/insurances-expired?format=xlsx' })).rawPayload);
    expect(insurances.getCell('D2').value).toEqual(new Date(`${addCalendarDays(today, -10)}T00:00:00Z`));
    const none = await readXlsx((await tenantB.request({ method: 'GET', url: '/api/Reports/Export/insurances-expired?format=xlsx' })).rawPayload);
    expect(none.rowCount).toBe(1);
  });

  it('PDF is made on the server; aging and rent roll export too; bad format is 400', async () => {
    const pdf = await reportsStaff.request({ method: 'GET', url: url('pdf') });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const aging = parseCsv((await tenantA.request({ method: 'GET', url: '/api/Reports/Export/aging?format=csv' })).body);
    expect(aging.map((r) => r[0])).toEqual(['Company', a.name, 'Total']);
    const roll = parseCsv((await tenantB.request({ method: 'GET', url: '/api/Reports/Export/rent-roll?format=csv' })).body);
    expect(roll).toHaveLength(1);
    expect((await reportsStaff.request({ method: 'GET', url: url('doc') })).json().errors).toEqual({ format: 'Format must be csv, xlsx or pdf' });
    expect((await invoicesOnly.request({ method: 'GET', url: url('csv') })).statusCode).toBe(403);
  });
});
