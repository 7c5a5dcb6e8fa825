import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSURANCE_IMPORT_COLUMNS, type TInsurance } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { agreementPayload, buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, type LeaseMasterData } from './agreements.test-support';
import { insurancesImportKind as kind } from './insurances.import';
import { withAirport, FIRST_AIRPORT_ID } from '../../platform/tenancy/index';

let t: TestApp;
let admin: Caller; // every module, admin: a Lease admin
let master: LeaseMasterData;
let typeName: string;
let company: { _id: string; name: string };
let hangar: { _id: string; name: string };
let tieDown: { _id: string; name: string };
let single: { _id: string; agreementNum: string }; // one property: hangar
let double: { _id: string; agreementNum: string }; // two properties: tie-down and another
let archived: { _id: string; agreementNum: string };

async function addProperty(agreementId: string, propertyId: string) {
  const res = await admin.request({ method: 'POST', url: `/api/Agreements/Properties/${agreementId}/${propertyId}` });
  if (res.statusCode !== 201) throw new Error(`addProperty: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  master = await buildLeaseMasterData(admin);
  typeName = (await admin.request({ method: 'GET', url: `/api/Crud/insuranceTypes/${master.insuranceTypeId}` })).json().name;
  company = await buildCompany(admin, { name: 'Sierra Skies Aviation' });
  await buildCompany(admin, { name: 'Other Owner' });
  hangar = await buildProperty(admin);
  tieDown = await buildProperty(admin);
  single = await buildAgreement(admin, master, company._id, { startDate: '2025-01-01', endDate: '2099-12-31' });
  await addProperty(single._id, hangar._id);
  double = await buildAgreement(admin, master, company._id, { startDate: '2025-01-01', endDate: '2099-12-31' });
  await addProperty(double._id, tieDown._id);
  await addProperty(double._id, (await buildProperty(admin))._id);
  const old = agreementPayload(master, company._id, { startDate: '2020-01-01', endDate: '2020-12-31' });
  archived = await buildAgreement(admin, master, company._id, old);
  await addProperty(archived._id, (await buildProperty(admin))._id);
  const res = await admin.request({ method: 'PUT', url: `/api/Agreements/${archived._id}`, payload: { ...old, status: 'Archived' } });
  if (res.statusCode !== 200) throw new Error(`archive: ${res.statusCode} ${res.body}`);
});
afterAll(async () => t?.close());

const HEADER = INSURANCE_IMPORT_COLUMNS.map((c) => c.key);
const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** An insurances file: the template's header and one line per row (missing cells empty). */
function csv(...rows: Array<Record<string, string | undefined>>): string {
  return [HEADER.join(','), ...rows.map((row) => HEADER.map((key) => quote(row[key] ?? '')).join(','))].join('\r\n');
}

function row(externalId: string, spec: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { externalId, agreement: single.agreementNum, insuranceType: typeName, maxCoverageAmount: '$1,000,000.00', startDate: '01/01/2026', endDate: '2026-12-31', ...spec };
}

async function insurancesOf(agreementId: string, propertyId: string): Promise<TInsurance[]> {
  return (await admin.request({ method: 'POST', url: '/api/Insurances', payload: { agreementId, propertyId } })).json();
}

async function exported(): Promise<Array<Record<string, string>>> {
  return withAirport(FIRST_AIRPORT_ID, async () => {
    const rows: Array<Record<string, string>> = [];
    for await (const line of kind.exportRows(t.db)) rows.push(line);
    return rows;
  });
}

describe('insurances import', () => {
  it('the template is the columns and an example row', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/insurances' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(HEADER.join(','));
    // Its agreement and insurance type are the demo's (demo-example.test.ts): here only those are unknown.
    const preview = (await importFile(t, admin, 'insurances', res.body)).json() as ImportPreviewBody;
    expect(preview.errors.map((e) => e.column).sort()).toEqual(['agreement', 'insuranceType']);
  });

  it('a dry run refuses each reference and rule by row and column', async () => {
    // A Settings admin who is not a Lease admin imports: approval is refused.
    const settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
    const res = await importFile(t, settingsAdmin, 'insurances', csv(
      row('I-1', { agreement: 'NOPE-1' }),
      row('I-2', { agreement: double.agreementNum }),
      row('I-3', { property: tieDown.name }),
      row('I-4', { insuranceType: 'Alien abduction', endDate: '2025-01-01' }),
      // An Archived agreement named by its number takes its insurance history (an airport's old leases).
      row('I-5', { agreement: archived.agreementNum }),
      row('I-6', { company: 'Nobody Aviation' }),
      row('I-7', { agreement: undefined, company: company.name }),
      row('I-8', { isApproved: 'yes' }),
      row('I-9', { company: 'Other Owner' }),
      row('I-10', { perOccurrenceLimit: '-5' }),
    ));
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportPreviewBody).errors).toEqual(expect.arrayContaining([
      { row: 2, column: 'agreement', message: 'No agreement numbered NOPE-1' },
      { row: 3, column: 'property', message: `Agreement ${double.agreementNum} has 2 properties: name the property` },
      { row: 4, column: 'property', message: `Agreement ${single.agreementNum} has no property named ${tieDown.name}` },
      { row: 5, column: 'endDate', message: 'End Date must be on or after Start Date' },
      { row: 7, column: 'company', message: 'No company named Nobody Aviation' },
      { row: 8, column: 'agreement', message: 'Name the agreement, or the company and the property' },
      { row: 9, column: 'isApproved', message: 'Only Lease admins may approve insurance.' },
      { row: 10, column: 'company', message: `Agreement ${single.agreementNum} is not Other Owner's` },
      { row: 11, column: 'perOccurrenceLimit', message: 'Per Occurrence Limit cannot be negative' },
    ]));
    expect((res.json() as ImportPreviewBody).errors).toHaveLength(9);
    expect((res.json() as ImportPreviewBody).errors.some((issue) => issue.row === 6)).toBe(false);
    expect(await insurancesOf(single._id, hangar._id)).toEqual([]);
  });

  it('commits by agreement, or by company (an imported one by its external id) and property; the same file again changes nothing', async () => {
    await importAndCommit(t, admin, 'companies', 'externalId,name,description,email\nCO-9,Imported Owner,Tenant,co9@example.test');
    const imported = (await admin.request({ method: 'GET', url: '/api/Company?q=Imported%20Owner' })).json()[0];
    const theirs = await buildAgreement(admin, master, imported._id);
    const theirHangar = await buildProperty(admin);
    await addProperty(theirs._id, theirHangar._id);

    const file = csv(
      // The certificate's columns (issue 24); the empty aggregate limit is the max coverage.
      row('POL-1', { isApproved: 'yes', maxCoverageAmount: '250000.50', carrier: 'Acme Mutual', policyNumber: 'GL-1', perOccurrenceLimit: '200000', additionalInsured: 'yes' }),
      row('POL-2', { agreement: undefined, company: company.name.toUpperCase(), property: tieDown.name }),
      row('POL-3', { agreement: undefined, company: 'CO-9', property: theirHangar.name }),
    );
    expect(await importAndCommit(t, admin, 'insurances', file)).toMatchObject({ status: 'committed', createdCount: 3, updatedCount: 0 });
    expect(await insurancesOf(single._id, hangar._id)).toEqual([
      expect.objectContaining({ insuranceType: master.insuranceTypeId, maxCoverageAmount: 250000.5, startDate: '2026-01-01', endDate: '2026-12-31', isApproved: true }),
    ]);
    expect((await insurancesOf(single._id, hangar._id))[0]).toMatchObject({
      carrier: 'Acme Mutual', policyNumber: 'GL-1', perOccurrenceLimit: 200000, aggregateLimit: 250000.5, additionalInsured: true, waiverOfSubrogation: false, approvalStatus: 'Approved',
    });
    expect(await insurancesOf(double._id, tieDown._id)).toHaveLength(1);
    expect(await insurancesOf(theirs._id, theirHangar._id)).toHaveLength(1);
    expect(await importAndCommit(t, admin, 'insurances', file)).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });
  });

  it('a changed row updates its insurance; undo puts it back and removes what it created', async () => {
    const batch = await importAndCommit(t, admin, 'insurances', csv(row('POL-1', { isApproved: 'yes', maxCoverageAmount: '250000.50', endDate: '2027-06-30' }), row('POL-4')));
    expect(batch).toMatchObject({ createdCount: 1, updatedCount: 1 });
    expect((await insurancesOf(single._id, hangar._id)).map((i) => i.endDate).sort()).toEqual(['2026-12-31', '2027-06-30']);

    expect((await undoImport(admin, batch.batchId)).statusCode).toBe(200);
    expect(await insurancesOf(single._id, hangar._id)).toEqual([expect.objectContaining({ endDate: '2026-12-31', maxCoverageAmount: 250000.5, carrier: 'Acme Mutual', perOccurrenceLimit: 200000 })]);
  });

  it('exports every insurance in the template columns, and the export imports back unchanged', async () => {
    const added = await admin.request({
      method: 'POST', url: '/api/Insurance/add',
      payload: { agreementId: double._id, propertyId: tieDown._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 5000, startDate: '2026-02-01', endDate: '2027-01-31' },
    });
    expect(added.statusCode).toBe(201);
    const rows = await exported();
    expect(Object.keys(rows[0]!)).toEqual(HEADER);
    expect(rows.find((r) => r.externalId === 'POL-1')).toEqual({
      externalId: 'POL-1', agreement: single.agreementNum, company: company.name, property: hangar.name, insuranceType: typeName,
      maxCoverageAmount: '250000.50', startDate: '2026-01-01', endDate: '2026-12-31', carrier: 'Acme Mutual', policyNumber: 'GL-1',
      perOccurrenceLimit: '200000.00', aggregateLimit: '250000.50', additionalInsured: 'yes', waiverOfSubrogation: 'no', isApproved: 'yes',
    });
    // The one added on the screen has no external id: its id stands in, so the file imports back onto it.
    expect(rows.find((r) => r.externalId === added.json()._id)).toBeDefined();
    expect(await importAndCommit(t, admin, 'insurances', csv(...rows))).toMatchObject({ createdCount: 0, updatedCount: 0 });
  });
});
