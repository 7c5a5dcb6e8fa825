import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_IMPORT_COLUMNS } from '@apron/core';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { commitImport, importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { findInvoicedAgreementIds } from '../invoices/index';
import { createAgreementsImport } from './agreements.import';
import { buildCompany, buildProperty, superAdmin } from './agreements.test-support';

/**
 * Issue 23: the `agreements` kind through HTTP — template, dry run errors by row and column (the
 * exclusion constraint's overlaps included), commit, records through the module's API, re-import,
 * update, undo, and undo refused once invoiced. Runs on PostgreSQL too (DATABASE_URL).
 */
let t: TestApp;
let admin: Caller;
const names = { cycle: 'Import Monthly', payment: 'Import CPI' };
let company: { _id: string; name: string };
let inactive: { _id: string; name: string };
let hangars: Array<{ _id: string; name: string }>;

const header = AGREEMENT_IMPORT_COLUMNS.map((c) => c.key).join(',');
/** A row in the template's column order; `properties` joined with ';'. */
function row(spec: Record<string, string>): string {
  const values: Record<string, string> = {
    company: company.name, properties: hangars[0]!.name, startDate: '01/01/2025', endDate: '12/31/2027', invoiceCycle: names.cycle,
    rentAdjustmentType: names.payment, adjustmentDate: '2026-01-01', adjustmentFreq: '12', ...spec,
  };
  return AGREEMENT_IMPORT_COLUMNS.map((c) => `"${values[c.key] ?? ''}"`).join(',');
}
const file = (...rows: string[]) => [header, ...rows].join('\r\n');

async function grid(): Promise<Array<{ _id: string; agreementNum: string; endDate: string | null; tenantName: string }>> {
  const res = await admin.request({ method: 'GET', url: '/api/Agreements?pageSize=100&sort=agreementNum:asc' });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const byNumber = async (num: string) => (await grid()).find((a) => a.agreementNum === num);

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  const cycle = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: names.cycle, description: '', dueDays: 30, expression: '0 6 1 * *' } });
  const payment = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: names.payment, description: '', skuType: 'CPI', skuValue: 2, lateFee: 5 } });
  expect([cycle.statusCode, payment.statusCode]).toEqual([201, 201]);
  company = await buildCompany(admin);
  inactive = await buildCompany(admin, { status: 'Inactive' });
  hangars = [await buildProperty(admin), await buildProperty(admin), await buildProperty(admin), await buildProperty(admin)];
});
afterAll(async () => t?.close());

describe('agreements import', () => {
  it('answers its template: the columns and one example row', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/agreements' });
    expect(res.statusCode).toBe(200);
    const [head, example] = res.body.split('\r\n');
    expect(head).toBe(header);
    expect(example).toContain('LEASE-2016-014');
  });

  it('a dry run names each problem by row and column, overlaps with stored leases and between rows included, and writes nothing', async () => {
    await importAndCommit(t, admin, 'agreements', file(row({ externalId: 'OPEN-1', properties: hangars[3]!.name, startDate: '2024-01-01', endDate: '' })));
    const csv = file(
      row({ externalId: 'DRY-1', company: 'Nobody Aviation' }),
      row({ externalId: 'DRY-2', properties: `${hangars[1]!.name};No Such Hangar` }),
      row({ externalId: 'DRY-3', invoiceCycle: 'Fortnightly', rentAdjustmentType: 'Whatever', endDate: 'soon' }),
      row({ externalId: 'DRY-4', company: inactive.name }),
      row({ externalId: 'DRY-5', properties: hangars[2]!.name, agreementNum: 'SAME-1' }),
      row({ externalId: 'DRY-6', properties: hangars[2]!.name, agreementNum: 'same-1', startDate: '2040-01-01', endDate: '2040-12-31' }),
      row({ externalId: 'DRY-7', properties: hangars[3]!.name, startDate: '2030-01-01', endDate: '2030-12-31' }),
      row({ externalId: 'DRY-8', properties: hangars[2]!.name, startDate: '2027-06-01', endDate: '2028-12-31' }),
    );
    const res = await importFile(t, admin, 'agreements', csv);
    expect(res.statusCode).toBe(200);
    const preview = res.json() as ImportPreviewBody;
    expect(preview.errors).toEqual(expect.arrayContaining([
      { row: 2, column: 'company', message: 'No company is named "Nobody Aviation"' },
      { row: 3, column: 'properties', message: 'No property is named "No Such Hangar"' },
      { row: 4, column: 'endDate', message: expect.any(String) },
      { row: 5, column: 'company', message: 'Owner must be an Active company.' },
      { row: 7, column: 'agreementNum', message: 'Agreement number same-1 is also on row 6' },
      { row: 8, column: 'properties', message: `${hangars[3]!.name}: Property already leased for the period. (agreement OPEN-1)` },
      { row: 9, column: 'properties', message: `${hangars[2]!.name}: Property already leased for the period. (row 6)` },
    ]));
    expect(preview.errors).toHaveLength(7);
    const fixedCycle = await importFile(t, admin, 'agreements', file(row({ externalId: 'DRY-3', invoiceCycle: 'Fortnightly', rentAdjustmentType: 'Whatever' })));
    expect((fixedCycle.json() as ImportPreviewBody).errors).toEqual([
      { row: 2, column: 'invoiceCycle', message: 'No invoice cycle is named "Fortnightly" (Settings, Invoice Cycles)' },
      { row: 2, column: 'rentAdjustmentType', message: 'No rent adjustment type is named "Whatever" (Settings, Payment Types)' },
    ]);
    expect((await grid()).map((a) => a.agreementNum)).toEqual(['OPEN-1']);
  });

  it('commits agreements with properties, deposits and rents; the same file changes nothing; a changed row updates; undo puts it back', async () => {
    const csv = file(
      row({ externalId: 'IMP-1', properties: hangars[2]!.name, rent: '$512.50', deposit: '1,025.00' }),
      row({ externalId: 'IMP-2', properties: hangars[0]!.name, agreementNum: 'L-77', startDate: '2020-01-01', endDate: '2020-12-31' }),
    );
    const batch = await importAndCommit(t, admin, 'agreements', csv);
    expect(batch).toMatchObject({ status: 'committed', createdCount: 2, updatedCount: 1 }); // the rent of one property

    const imp1 = (await byNumber('IMP-1'))!;
    expect(imp1).toMatchObject({ tenantName: company.name, endDate: '2027-12-31' });
    const read = await admin.request({ method: 'GET', url: `/api/Agreements/${imp1._id}` });
    expect(read.json()).toMatchObject({ invoiceCycleName: names.cycle, rentAdjustmentTypeName: names.payment, startDate: '2025-01-01', renewable: true, status: 'Active', adjustmentFreq: 12 });
    const props = await admin.request({ method: 'GET', url: `/api/Agreements/Properties/${imp1._id}` });
    expect(props.json()).toEqual([expect.objectContaining({ propertyId: hangars[2]!._id, rent: 512.5, status: 'Leased' })]);
    const deposit = await admin.request({ method: 'GET', url: `/api/Agreements/Security/${imp1._id}/${hangars[2]!._id}` });
    expect(deposit.json()).toMatchObject({ amount: 1025, received: true });

    expect(await commitImport(t, admin, ((await importFile(t, admin, 'agreements', csv)).json() as ImportPreviewBody).batchId)).toMatchObject({ createdCount: 0, updatedCount: 0 });

    const changed = file(
      row({ externalId: 'IMP-1', properties: hangars[2]!.name, rent: '512.50', deposit: '1025' }),
      row({ externalId: 'IMP-2', properties: `${hangars[0]!.name};${hangars[3]!.name}`, agreementNum: 'L-77', startDate: '2020-01-01', endDate: '06/30/2021' }),
    );
    const update = await importAndCommit(t, admin, 'agreements', changed);
    expect(update).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 1 });
    const l77 = (await byNumber('L-77'))!;
    expect(l77.endDate).toBe('2021-06-30');
    expect((await admin.request({ method: 'GET', url: `/api/Agreements/Properties/${l77._id}` })).json()).toHaveLength(2);

    expect((await undoImport(admin, update.batchId)).statusCode).toBe(200);
    expect((await byNumber('L-77'))!.endDate).toBe('2020-12-31');
    expect((await admin.request({ method: 'GET', url: `/api/Agreements/Properties/${l77._id}` })).json()).toEqual([expect.objectContaining({ propertyId: hangars[0]!._id })]);
  });

  it('undoes a batch: its agreements go and the rents come back; refused once one of them is invoiced', async () => {
    const batch = await importAndCommit(t, admin, 'agreements', file(row({ externalId: 'UNDO-1', properties: hangars[1]!.name, startDate: '2031-01-01', endDate: '2031-12-31', rent: '999' })));
    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(200);
    expect(await byNumber('UNDO-1')).toBeUndefined();
    expect((await admin.request({ method: 'GET', url: `/api/Property/List/${hangars[1]!._id}` })).json()).toMatchObject({ rent: 450.5 });

    const invoicedBatch = await importAndCommit(t, admin, 'agreements', file(row({ externalId: 'INV-1', properties: hangars[1]!.name, startDate: '2026-01-01', endDate: '2026-12-31' })));
    const invoiced = (await byNumber('INV-1'))!;
    const invoice = await admin.request({ method: 'POST', url: `/api/Agreements/Invoices/${invoiced._id}`, payload: { startDate: '2026-02-01', endDate: '2026-02-28' } });
    expect(invoice.statusCode).toBe(201);
    const refused = await undoImport(admin, invoicedBatch.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Invoices have been issued for 1 of the imported agreements/);
  });

  it('exports agreements in the template columns, and the export imports back unchanged', async () => {
    const rows: Array<Record<string, string>> = [];
    const kind = createAgreementsImport({ invoicedAgreementIds: findInvoicedAgreementIds });
    for await (const exported of kind.exportRows(t.db)) rows.push(exported);
    expect(rows.find((r) => r.externalId === 'INV-1')).toMatchObject({
      company: company.name, properties: hangars[1]!.name, startDate: '2026-01-01', endDate: '2026-12-31', invoiceCycle: names.cycle, rentAdjustmentType: names.payment, renewable: 'yes',
    });
    expect(Object.keys(rows[0]!)).toEqual(AGREEMENT_IMPORT_COLUMNS.map((c) => c.key));
    const csv = [header, ...rows.map((r) => AGREEMENT_IMPORT_COLUMNS.map((c) => `"${r[c.key]}"`).join(','))].join('\n');
    const again = await importAndCommit(t, admin, 'agreements', csv);
    expect(again).toMatchObject({ createdCount: 0, updatedCount: 0 });
  });
});
