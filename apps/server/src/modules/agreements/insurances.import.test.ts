import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSURANCE_IMPORT_COLUMNS, type TInsurance } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { commit, dryRun, exportAll, stage, undo, type KindRun } from '../../platform/imports/run-kind.test-support';
import { companiesImportKind } from '../companies/index';
import { agreementPayload, buildAgreement, buildCompany, buildLeaseMasterData, buildProperty, type LeaseMasterData } from './agreements.test-support';
import { insurancesImportKind as kind } from './insurances.import';

let t: TestApp;
let admin: Caller; // every module, admin: a Lease admin
let run: KindRun;
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
  run = { t, actor: { id: admin.user.id, email: admin.user.email } };
  master = await buildLeaseMasterData(admin);
  typeName = (await admin.request({ method: 'GET', url: `/api/Crud/insuranceTypes/${master.insuranceTypeId}` })).json().name;
  company = await buildCompany(admin, { name: 'Sierra Skies Aviation' });
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

function row(externalId: string, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return { externalId, agreement: single.agreementNum, insuranceType: typeName, maxCoverageAmount: 1_000_000, startDate: '2026-01-01', endDate: '2026-12-31', ...spec };
}

async function insurancesOf(agreementId: string, propertyId: string): Promise<TInsurance[]> {
  return (await admin.request({ method: 'POST', url: '/api/Insurances', payload: { agreementId, propertyId } })).json();
}

describe('insurances import', () => {
  it("the template's example row passes the schema", () => {
    const example = Object.fromEntries(INSURANCE_IMPORT_COLUMNS.map((c) => [c.key, c.example]));
    expect(stage(kind, [{ ...example, maxCoverageAmount: 1_000_000, isApproved: true }]).issues).toEqual([]);
  });

  it('dry run: each reference and rule refused by row and column', async () => {
    const leaseStaff = await signIn(t, { modules: ['Lease', 'Settings'], isAdmin: false });
    const issues = await dryRun({ t, actor: { id: leaseStaff.user.id, email: leaseStaff.user.email } }, kind, [
      row('I-1', { agreement: 'NOPE-1' }),
      row('I-2', { agreement: double.agreementNum }),
      row('I-3', { property: tieDown.name }),
      row('I-4', { insuranceType: 'Alien abduction', endDate: '2025-01-01' }),
      row('I-5', { agreement: archived.agreementNum }),
      row('I-6', { company: 'Nobody Aviation' }),
      row('I-7', { agreement: undefined, company: company.name }),
      row('I-8', { isApproved: true }),
    ]);
    expect(issues).toEqual([
      { row: 5, column: 'endDate', message: 'End Date must be on or after Start Date' },
      { row: 8, column: 'agreement', message: 'Name the agreement, or the company and the property' },
      { row: 2, column: 'agreement', message: 'No agreement numbered NOPE-1' },
      { row: 3, column: 'property', message: `Agreement ${double.agreementNum} has 2 properties: name the property` },
      { row: 4, column: 'property', message: `Agreement ${single.agreementNum} has no property named ${tieDown.name}` },
      { row: 6, column: 'agreement', message: 'An Archived agreement cannot be changed.' },
      { row: 7, column: 'company', message: 'No company named Nobody Aviation' },
      { row: 9, column: 'isApproved', message: 'Only Lease admins may approve insurance.' },
    ]);
  });

  it('commits by agreement or by company and property (an imported company by its external id); a second import changes nothing', async () => {
    await commit(run, companiesImportKind, [{ externalId: 'CO-9', name: 'Imported Owner', description: 'Tenant', email: 'co9@example.test' }]);
    const imported = (await admin.request({ method: 'GET', url: '/api/Company?q=Imported%20Owner' })).json()[0];
    const theirs = await buildAgreement(admin, master, imported._id);
    const theirHangar = await buildProperty(admin);
    await addProperty(theirs._id, theirHangar._id);

    const file = [
      row('POL-1', { isApproved: true, maxCoverageAmount: 250000.5 }),
      row('POL-2', { agreement: undefined, company: company.name.toUpperCase(), property: tieDown.name }),
      row('POL-3', { agreement: undefined, company: 'CO-9', property: theirHangar.name }),
    ];
    expect(await dryRun(run, kind, file)).toEqual([]);
    const tracked = await commit(run, kind, file);
    expect(tracked.map((r) => r.action)).toEqual(['created', 'created', 'created']);
    expect(await insurancesOf(single._id, hangar._id)).toEqual([
      expect.objectContaining({ insuranceType: master.insuranceTypeId, maxCoverageAmount: 250000.5, startDate: '2026-01-01', endDate: '2026-12-31', isApproved: true }),
    ]);
    expect(await insurancesOf(double._id, tieDown._id)).toHaveLength(1);
    expect(await insurancesOf(theirs._id, theirHangar._id)).toHaveLength(1);
    expect(await commit(run, kind, file)).toEqual([]);
  });

  it('a changed row updates its insurance, tracked with before; undo puts it back, and removes what it created', async () => {
    const tracked = await commit(run, kind, [row('POL-1', { isApproved: true, maxCoverageAmount: 250000.5, endDate: '2027-06-30' }), row('POL-4')]);
    expect(tracked.map((r) => r.action)).toEqual(['created', 'updated']);
    expect(tracked[1]).toMatchObject({ before: { endDate: '2026-12-31', maxCoverageCents: 25000050 }, after: { endDate: '2027-06-30' } });
    expect((await insurancesOf(single._id, hangar._id)).map((i) => i.endDate).sort()).toEqual(['2026-12-31', '2027-06-30']);

    expect(await undo(run, kind, tracked)).toBeNull();
    expect(await insurancesOf(single._id, hangar._id)).toEqual([expect.objectContaining({ endDate: '2026-12-31', maxCoverageAmount: 250000.5 })]);
  });

  it('exports every insurance in the template columns, and the export imports back unchanged', async () => {
    const added = await admin.request({
      method: 'POST', url: '/api/Insurance/add',
      payload: { agreementId: double._id, propertyId: tieDown._id, insuranceType: master.insuranceTypeId, maxCoverageAmount: 5000, startDate: '2026-02-01', endDate: '2027-01-31' },
    });
    expect(added.statusCode).toBe(201);
    const rows = await exportAll(run, kind);
    expect(Object.keys(rows[0]!)).toEqual(INSURANCE_IMPORT_COLUMNS.map((c) => c.key));
    expect(rows.find((r) => r.externalId === 'POL-1')).toEqual({
      externalId: 'POL-1', agreement: single.agreementNum, company: company.name, property: hangar.name, insuranceType: typeName,
      maxCoverageAmount: '250000.50', startDate: '2026-01-01', endDate: '2026-12-31', isApproved: 'yes',
    });
    const cells = rows.map((r) => ({ ...r, maxCoverageAmount: Number(r.maxCoverageAmount), isApproved: r.isApproved === 'yes' }));
    expect(await dryRun(run, kind, cells)).toEqual([]);
    expect(await commit(run, kind, cells)).toEqual([]);
  });
});
