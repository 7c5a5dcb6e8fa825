import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { commitImport, importFile, type ImportBatchBody, type ImportPreviewBody } from '../../../test/imports';
import { insertAirport } from '../../platform/tenancy/airports.repo';
import { withAirport } from '../../platform/tenancy/airport-context';

/**
 * Issue 23, the engine through HTTP with the `properties` kind: every bad input of the issue, what a
 * dry run stores, mappings, access. Commit, re-import and undo: properties.import.test.ts and
 * imports-commit.test.ts.
 */
let t: TestApp;
let admin: Caller;

const HEADER = 'externalId,name,propertyType,area,description,address,rent';
const line = (id: string, name: string, rent = '450.00') => `${id},${name},Box Hangar,South Ramp,Hangar,1 Taxiway Rd,${rent}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  expect((await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Box Hangar', attributes: [] } })).statusCode).toBe(201);
  expect((await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: 'South Ramp', description: '' } })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

async function preview(content: string | Buffer, options: Parameters<typeof importFile>[4] = {}): Promise<ImportPreviewBody> {
  const res = await importFile(t, admin, 'properties', content, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function batchCount(): Promise<number> {
  return ((await admin.request({ method: 'GET', url: '/api/Imports' })).json() as unknown[]).length;
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Properties');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading files', () => {
  it('reads UTF-8 with a BOM, any delimiter, and skips blank lines (rows keep their file line)', async () => {
    const semicolons = `\uFEFF${HEADER.replaceAll(',', ';')}\n\n${line('S-1', 'Café 1', '"1.250,00"').replaceAll(',', ';').replace('"1.250;00"', '"1.250,00"')}\n;;;;;;\n${line('S-2', 'Two').replaceAll(',', ';')}\n`;
    const first = await preview(semicolons);
    expect(first.errors).toEqual([]);
    expect(first.rowCount).toBe(2);
    expect(first.rows.map((row) => [row.row, row.value.name, row.value.rent])).toEqual([[3, 'Café 1', 1250], [5, 'Two', 450]]);

    const tabs = [HEADER, line('T-1', 'Tab'), ''].join('\r\n').replaceAll(',', '\t');
    expect((await preview(tabs)).rows.map((row) => row.value.name)).toEqual(['Tab']);
    const pipes = [HEADER, line('P-1', 'Pipe', '$1,250.00')].join('\n').replaceAll(',', '|').replace('$1|250.00', '$1,250.00');
    expect((await preview(pipes)).rows.map((row) => row.value.rent)).toEqual([1250]);
  });

  it('reads Windows-1252; refuses bytes that are neither UTF-8 nor Windows-1252, storing nothing', async () => {
    const latin = Buffer.from([HEADER, line('W-1', 'Hangar Cañón')].join('\n'), 'latin1');
    expect((await preview(latin)).rows[0]!.value.name).toBe('Hangar Cañón');
    const before = await batchCount();
    const garbled = Buffer.concat([Buffer.from(`${HEADER}\nX-1,Bad `), Buffer.from([0x81, 0x8d]), Buffer.from(',Box Hangar,South Ramp,a,b,1\n')]);
    const res = await importFile(t, admin, 'properties', garbled);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/neither UTF-8 nor Windows-1252/);
    expect(await batchCount()).toBe(before);
  });

  it('refuses a file that is not what its name says, and one over 20 MB (413), storing nothing', async () => {
    const before = await batchCount();
    const pdf = await importFile(t, admin, 'properties', Buffer.from('%PDF-1.7\n...'), { fileName: 'properties.csv' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('This file is not a CSV file: it is a PDF document.');
    const png = await importFile(t, admin, 'properties', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), { fileName: 'p.csv' });
    expect(png.json().message).toMatch(/not a CSV file: it is an image/);
    const book = await workbook([HEADER.split(',')]);
    const misnamed = await importFile(t, admin, 'properties', book, { fileName: 'properties.csv' });
    expect(misnamed.json().message).toMatch(/not a CSV file: it is an Excel workbook/);
    const text = await importFile(t, admin, 'properties', HEADER, { fileName: 'properties.xlsx' });
    expect(text.json().message).toMatch(/not an Excel workbook/);
    const big = await importFile(t, admin, 'properties', Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 20 MB/);
    expect(await batchCount()).toBe(before);
  });

  it('reads .xlsx: date cells and Excel serial numbers as dates, formulas refused', async () => {
    const header = [...HEADER.split(','), 'availableDate'];
    const book = await workbook([
      header,
      ['X-1', 'Dated', 'Box Hangar', 'South Ramp', 'Hangar', '1 Taxiway Rd', 450, new Date(Date.UTC(2026, 0, 31))],
      ['X-2', 'Serial', 'Box Hangar', 'South Ramp', 'Hangar', '1 Taxiway Rd', '$1,250.00', 46054],
      ['X-3', 'Formula', 'Box Hangar', 'South Ramp', 'Hangar', '1 Taxiway Rd', { formula: '400+50', result: 450 }, null],
    ]);
    const result = await preview(book);
    expect(result.rows.map((row) => [row.value.name, row.value.rent, row.value.availableDate])).toEqual([['Dated', 450, '2026-01-31'], ['Serial', 1250, '2026-02-01']]);
    expect(result.errors).toEqual([{ row: 4, column: 'rent', message: 'Formulas are not imported: enter the value' }]);
  });

  it('refuses formulas in CSV cells and reports duplicate external ids on the later row', async () => {
    const result = await preview([HEADER, line('F-1', 'One', '=400+50'), line('F-2', 'Two'), line('F-2', 'Three')].join('\n'));
    expect(result.errors).toEqual([
      { row: 2, column: 'rent', message: 'Formulas are not imported: enter the value' },
      { row: 4, column: 'externalId', message: 'Duplicate external id "F-2": already on row 3' },
    ]);
    expect(result.errorsTotal).toBe(2);
    const csv = await admin.request({ method: 'GET', url: `/api/Imports/${result.batchId}/Errors.csv` });
    expect(csv.body).toBe('row,column,message\r\n2,rent,Formulas are not imported: enter the value\r\n4,externalId,Duplicate external id "F-2": already on row 3\r\n'.replace('Duplicate external id "F-2": already on row 3', '"Duplicate external id ""F-2"": already on row 3"'));
  });
});

describe('mapping and dry run', () => {
  it('guesses the mapping, takes the request\'s and saves it for the next file of the kind', async () => {
    const headers = 'Ref,Hangar,Type,Zone,Notes,Street,Monthly rent';
    const csv = [headers, line('M-1', 'Mapped')].join('\n');
    const guessed = await preview(csv);
    expect(guessed.headers).toEqual(headers.split(','));
    expect(guessed.mapping).toEqual({ Ref: 'externalId', Type: 'propertyType', Zone: 'area', Street: 'address', 'Monthly rent': 'rent' });
    expect(guessed.errors.map((error) => [error.row, error.column])).toEqual([[1, 'name'], [1, 'description']]);

    const mapping = { Hangar: 'name', Notes: 'description' };
    const mapped = await preview(csv, { mapping });
    expect(mapped.errors).toEqual([]);
    expect(mapped.rows[0]!.value).toMatchObject({ externalId: 'M-1', name: 'Mapped', description: 'Hangar' });
    // The next file of the kind starts from the saved mapping.
    expect((await preview(csv)).mapping).toEqual({ ...guessed.mapping, ...mapping });
  });

  it('a dry run writes the batch and its rows only; GET answers the batch with its errors paged', async () => {
    const result = await preview([HEADER, line('D-1', 'Dry'), line('D-2', '', 'abc')].join('\n'));
    expect(result).toMatchObject({ status: 'previewed', rowCount: 2, errorCount: 2, progress: 0 });
    const page = await admin.request({ method: 'GET', url: `/api/Imports/${result.batchId}?page=2&pageSize=1` });
    expect((page.json() as ImportBatchBody).errors).toEqual([{ row: 3, column: 'name', message: 'Name is required' }]);
    expect(result.errors).toEqual([{ row: 3, column: 'rent', message: 'Must be an amount such as 1250.00' }, { row: 3, column: 'name', message: 'Name is required' }]);
    expect((await admin.request({ method: 'GET', url: '/api/Property/Grid' })).json()).toEqual([]);
  });

  it('answers unknown kinds and missing files with a 400 naming the field', async () => {
    expect((await importFile(t, admin, 'spaceships', 'a,b\n1,2')).json().errors).toEqual({ kind: 'Unknown import kind "spaceships"' });
    expect((await admin.request({ method: 'GET', url: '/api/Imports/Templates/spaceships' })).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('401 without a session, 403 without Settings admin, 404 for another airport\'s batch', async () => {
    const result = await preview([HEADER, line('A-1', 'Mine')].join('\n'));
    expect((await t.app.inject({ method: 'GET', url: `/api/Imports/${result.batchId}` })).statusCode).toBe(401);
    const clerk = await signIn(t, { modules: ['Settings', 'Property'] });
    expect((await clerk.request({ method: 'GET', url: `/api/Imports/${result.batchId}` })).statusCode).toBe(403);
    expect((await importFile(t, clerk, 'properties', HEADER)).statusCode).toBe(403);
    expect((await clerk.request({ method: 'GET', url: '/api/Imports/Templates/properties' })).statusCode).toBe(403);

    const reliever = (await insertAirport(t.db, { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver' })).id;
    const other = await withAirport(reliever, () => signIn(t, { modules: 'all', isAdmin: true }));
    for (const request of [
      { method: 'GET', url: `/api/Imports/${result.batchId}` },
      { method: 'GET', url: `/api/Imports/${result.batchId}/Errors.csv` },
      { method: 'POST', url: `/api/Imports/${result.batchId}/Commit` },
      { method: 'DELETE', url: `/api/Imports/${result.batchId}` },
    ] as const) {
      expect((await other.request(request)).statusCode, request.url).toBe(404);
    }
    expect((await other.request({ method: 'GET', url: '/api/Imports' })).json()).toEqual([]);
  });
});

describe('a commit that fails', () => {
  it('leaves nothing written and the batch failed with its message', async () => {
    const type = (await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Short-lived', attributes: [] } })).json() as { _id: string };
    const result = await preview([HEADER, line('G-1', 'Gone').replace('Box Hangar', 'Short-lived'), line('G-2', 'Kept')].join('\n'));
    expect(result.errors).toEqual([]);
    expect((await admin.request({ method: 'DELETE', url: `/api/PropertyTypes/${type._id}` })).statusCode).toBe(200);
    const batch = await commitImport(t, admin, result.batchId);
    expect(batch.status).toBe('failed');
    expect(batch.error).toMatch(/nothing was written.*No property type "Short-lived"/);
    expect((await admin.request({ method: 'GET', url: '/api/Property/Grid' })).json()).toEqual([]);
    // A failed batch is answered as it is; it never runs again.
    expect((await admin.request({ method: 'POST', url: `/api/Imports/${result.batchId}/Commit` })).json().status).toBe('failed');
  }, 120_000);
});
