import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZAgreementImportRow, type TAgreementImportRow } from '@apron/core';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import type { CommitContext, ImportContext, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { findInvoicedAgreementIds } from '../invoices/index';
import { buildCompany, buildProperty, superAdmin } from './agreements.test-support';
import { agreementProperties, agreements } from './agreements.table';
import { createAgreementsImport } from './agreements.import';

/**
 * The agreements kind against a real database, called as the engine calls it (check, then commit in
 * one transaction, then undo with what commit tracked). The engine's HTTP path covers the rest.
 */
let t: TestApp;
let admin: Caller;
const kind = createAgreementsImport({ invoicedAgreementIds: findInvoicedAgreementIds });
const names = { cycle: 'Import Monthly', payment: 'Import CPI' };
let company: { _id: string; name: string };
let inactiveCompany: { _id: string; name: string };
let hangars: Array<{ _id: string; name: string }>;

const ctx: ImportContext = { batchId: '00000000-0000-4000-8000-000000000001', actor: { user: null }, today: '2026-11-27', timeZone: 'America/Los_Angeles' };

function staged(rows: Array<Record<string, unknown>>): StagedRow<TAgreementImportRow>[] {
  return rows.map((row, i) => ({ row: i + 2, externalId: String(row.externalId), value: ZAgreementImportRow.parse(row) }));
}

async function commit(rows: StagedRow<TAgreementImportRow>[]): Promise<TrackedRecord[]> {
  const tracked: TrackedRecord[] = [];
  const commitCtx: CommitContext = { ...ctx, track: async (_tx, records) => void tracked.push(...records), progress: async () => {} };
  await t.db.transaction((tx) => kind.commit(tx, rows, commitCtx));
  return tracked;
}

const lease = (externalId: string, spec: Record<string, unknown> = {}) => ({
  externalId, company: company.name, properties: [hangars[0]!.name], startDate: '2025-01-01', endDate: '2027-12-31',
  invoiceCycle: names.cycle, rentAdjustmentType: names.payment, adjustmentDate: '2026-01-01', adjustmentFreq: 12, ...spec,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  const cycle = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: names.cycle, description: '', dueDays: 30, expression: '0 6 1 * *' } });
  const payment = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: names.payment, description: '', skuType: 'CPI', skuValue: 2, lateFee: 5 } });
  expect([cycle.statusCode, payment.statusCode]).toEqual([201, 201]);
  company = await buildCompany(admin);
  inactiveCompany = await buildCompany(admin, { status: 'Inactive' });
  hangars = [await buildProperty(admin), await buildProperty(admin), await buildProperty(admin), await buildProperty(admin)];
});
afterAll(async () => t?.close());

describe('agreements import: dry run', () => {
  it('names each problem by row and column, checks overlaps against stored leases and between rows, and writes nothing', async () => {
    await commit(staged([lease('DRY-0', { properties: [hangars[3]!.name], startDate: '2024-01-01', endDate: '' })]));
    const rows = staged([
      lease('DRY-1', { company: 'Nobody Aviation' }),
      lease('DRY-2', { properties: ['No Such Hangar'] }),
      lease('DRY-3', { invoiceCycle: 'Fortnightly', rentAdjustmentType: 'Whatever' }),
      lease('DRY-4', { company: inactiveCompany.name }),
      lease('DRY-5', { properties: [hangars[1]!.name], agreementNum: 'SAME-1' }),
      lease('DRY-6', { properties: [hangars[1]!.name], agreementNum: 'same-1', startDate: '2027-06-01', endDate: '2028-12-31' }),
      lease('DRY-7', { properties: [hangars[3]!.name], startDate: '2030-01-01', endDate: '2030-12-31' }),
    ]);
    const issues = await kind.check(t.db, rows, ctx);
    expect(issues).toEqual(expect.arrayContaining([
      { row: 2, column: 'company', message: 'No company is named "Nobody Aviation"' },
      { row: 3, column: 'properties', message: 'No property is named "No Such Hangar"' },
      { row: 4, column: 'invoiceCycle', message: expect.stringContaining('Fortnightly') },
      { row: 4, column: 'rentAdjustmentType', message: expect.stringContaining('Whatever') },
      { row: 5, column: 'company', message: 'Owner must be an Active company.' },
      { row: 7, column: 'agreementNum', message: 'Agreement number same-1 is also on row 6' },
      { row: 8, column: 'properties', message: expect.stringContaining('Property already leased for the period. (agreement DRY-0)') },
    ]));
    // Rows 6 and 7 lease one hangar over overlapping periods: the later one is named, by the row it clashes with.
    const dry7 = staged([lease('DRY-5', { properties: [hangars[1]!.name] }), lease('DRY-6', { properties: [hangars[1]!.name], startDate: '2027-06-01', endDate: '2028-12-31' })]);
    expect(await kind.check(t.db, dry7, ctx)).toEqual([{ row: 3, column: 'properties', message: `${hangars[1]!.name}: Property already leased for the period. (row 2)` }]);
    const [counted] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(agreements).where(sql`${agreements.externalId} like 'DRY-%' and ${agreements.externalId} <> 'DRY-0'`));
    expect(counted!.n).toBe(0);
  });
});

describe('agreements import: commit, re-import, change, undo', () => {
  it('creates agreements with their properties, deposits and rent; the same file again changes nothing; a changed row updates; undo restores', async () => {
    const file = [
      lease('IMP-1', { properties: [hangars[2]!.name], rent: 512.5, deposit: 1025 }),
      lease('IMP-2', { properties: [hangars[0]!.name], agreementNum: 'L-77', startDate: '2020-01-01', endDate: '2020-12-31' }),
    ];
    const tracked = await commit(staged(file));
    expect(tracked.map((r) => `${r.entity}:${r.action}`).sort()).toEqual(['agreement:created', 'agreement:created', 'property:updated']);
    const imp1 = tracked.find((r) => r.entity === 'agreement' && r.after?.externalId === 'IMP-1')!;

    // Through the module's own API: the agreement, its property (Leased today) with the rent and deposit.
    const read = await admin.request({ method: 'GET', url: `/api/Agreements/${imp1.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ agreementNum: 'IMP-1', tenantId: company._id, invoiceCycleName: names.cycle, rentAdjustmentTypeName: names.payment, startDate: '2025-01-01', endDate: '2027-12-31', renewable: true, status: 'Active' });
    const props = await admin.request({ method: 'GET', url: `/api/Agreements/Properties/${imp1.id}` });
    expect(props.statusCode).toBe(200);
    expect(props.json()).toEqual([expect.objectContaining({ propertyId: hangars[2]!._id, rent: 512.5, status: 'Leased' })]);
    const deposit = await admin.request({ method: 'GET', url: `/api/Agreements/Security/${imp1.id}/${hangars[2]!._id}` });
    expect(deposit.json()).toMatchObject({ amount: 1025, received: true });
    const events = await t.db.execute(sql`select trigger from domain_events where record_id = ${imp1.id}`);
    expect((events as unknown as { rows: unknown[] }).rows ?? events).toHaveLength(1);

    // The same file again: nothing created, nothing changed, nothing tracked.
    expect(await kind.check(t.db, staged(file), ctx)).toEqual([]);
    expect(await commit(staged(file))).toEqual([]);

    // A changed row updates its agreement (tracked with what it was).
    const changed = await commit(staged([file[0]!, { ...file[1]!, endDate: '2021-06-30', properties: [hangars[0]!.name, hangars[3]!.name], startDate: '2020-01-01' }]));
    // hangar 3 is leased by DRY-0 from 2024 open-ended: no overlap with 2020-2021.
    expect(changed).toEqual([expect.objectContaining({ entity: 'agreement', action: 'updated', before: expect.objectContaining({ endDate: '2020-12-31' }) })]);
    const imp2 = changed[0]!.id;
    expect((await t.db.select().from(agreementProperties).where(eq(agreementProperties.agreementId, imp2))).map((l) => l.endDate)).toEqual(['2021-06-30', '2021-06-30']);

    // Undo the change, then the first import: the update is put back, the created agreements and the rent go.
    await t.db.transaction((tx) => kind.undo(tx, changed, ctx));
    const links = await t.db.select().from(agreementProperties).where(eq(agreementProperties.agreementId, imp2));
    expect(links.map((l) => [l.propertyId, l.endDate])).toEqual([[hangars[0]!._id, '2020-12-31']]);
    expect(await kind.blockedUndo!(t.db, tracked)).toBeNull();
    await t.db.transaction((tx) => kind.undo(tx, tracked, ctx));
    expect(await t.db.select().from(agreements).where(sql`${agreements.externalId} in ('IMP-1', 'IMP-2')`)).toEqual([]);
    const property = await admin.request({ method: 'GET', url: `/api/Property/List/${hangars[2]!._id}` });
    expect(property.json()).toMatchObject({ rent: 450.5 });
  });

  it('cannot be undone once an imported agreement has been invoiced', async () => {
    const tracked = await commit(staged([lease('INV-1', { properties: [hangars[1]!.name], startDate: '2026-01-01', endDate: '2026-12-31' })]));
    const res = await admin.request({ method: 'POST', url: `/api/Agreements/Invoices/${tracked[0]!.id}`, payload: { startDate: '2026-02-01', endDate: '2026-02-28' } });
    expect(res.statusCode).toBe(201);
    expect(await kind.blockedUndo!(t.db, tracked)).toMatch(/Invoices have been issued for 1 of the imported agreements/);
  });

  it('exports agreements in the template columns', async () => {
    const rows: Array<Record<string, string>> = [];
    for await (const row of kind.exportRows(t.db)) rows.push(row);
    expect(rows.find((r) => r.externalId === 'INV-1')).toMatchObject({
      company: company.name, properties: hangars[1]!.name, startDate: '2026-01-01', endDate: '2026-12-31', invoiceCycle: names.cycle, rentAdjustmentType: names.payment, renewable: 'yes',
    });
    expect(Object.keys(rows[0]!)).toEqual(kind.columns.map((c) => c.key));
  });
});
