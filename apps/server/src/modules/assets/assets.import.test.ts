import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import type { CommitContext, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { assetsImportKind as kind, ZAssetImportRow, type TAssetImportRow } from './assets.import';

/**
 * The `assets` import kind against a real database (issue 23): the kind's own check, commit, undo
 * and export, called as the engine calls them (the engine's HTTP path has its own tests). What the
 * kind wrote is read back through the assets API.
 */
let t: TestApp;
let admin: Caller;
let lights: { _id: string };
let doors: { _id: string };

const lightFields = [
  { fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'], showOnGrid: true },
  { fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number', isRequired: false, showOnGrid: true },
  { fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date', isRequired: false, showOnGrid: true },
  { fieldName: 'lit', fieldLabel: 'Lit', fieldType: 'Boolean', isRequired: false, showOnGrid: true },
  { fieldName: 'serial', fieldLabel: 'Serial Number', fieldType: 'String', isRequired: false, showOnGrid: false },
];
const doorFields = [{ fieldName: 'hangar', fieldLabel: 'Hangar', fieldType: 'String', isRequired: true, showOnGrid: true }];

const ctx = { batchId: '00000000-0000-4000-8000-00000000b001', actor: { user: null }, today: '2026-11-27', timeZone: 'America/Los_Angeles' };

/** Rows as the engine hands them over: normalised cells parsed by the kind's schema. */
function staged(cells: Array<Record<string, unknown>>): StagedRow<TAssetImportRow>[] {
  return cells.map((cell, index) => {
    const value = ZAssetImportRow.parse(cell);
    return { row: index + 2, externalId: value.externalId, value };
  });
}

const asAirport = <T>(work: () => Promise<T>) => withAirport(FIRST_AIRPORT_ID, work);
const check = (rows: StagedRow<TAssetImportRow>[]) => asAirport(() => kind.check(t.db, rows, ctx));

async function commit(rows: StagedRow<TAssetImportRow>[]): Promise<TrackedRecord[]> {
  const tracked: TrackedRecord[] = [];
  const commitCtx: CommitContext = { ...ctx, track: async (_tx, records) => void tracked.push(...records), progress: async () => {} };
  await asAirport(() => t.db.transaction((tx) => kind.commit(tx, rows, commitCtx)));
  return tracked;
}

async function exported(): Promise<Record<string, string>[]> {
  return asAirport(async () => {
    const rows: Record<string, string>[] = [];
    for await (const row of kind.exportRows(t.db)) rows.push(row);
    return rows;
  });
}

async function assetsOf(masterId: string) {
  const res = await admin.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${masterId}&pageSize=100&sort=assetnumber:asc` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
}

const file = [
  { externalId: 'RL-1', master: 'Runway Lights', status: true, latitude: 39.2, longitude: -119.7, fields: 'condition: Good; wattage: 60; installedOn: 05/14/2019; lit: yes; serial: RL\\;001' },
  { externalId: 'RL-2', master: 'runway lights', fields: 'Condition: Fair; Installed On: 2020-01-31' },
  { externalId: 'HD-1', master: 'Hangar Doors', status: false, latitude: 39.1, longitude: -119.8, fields: 'hangar: A-1' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  const form = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'Card', schema: { type: 'default', components: [] } } });
  const master = async (name: string, fields: unknown[]) =>
    (await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: { name, description: name, color: '#112233', status: true, formId: form.json()._id, fields } })).json();
  lights = await master('Runway Lights', lightFields);
  doors = await master('Hangar Doors', doorFields);
});
afterAll(async () => t?.close());

describe('assets import kind', () => {
  it('the schema names the column of a malformed cell', () => {
    const bad = ZAssetImportRow.safeParse({ externalId: 'X', master: 'Runway Lights', latitude: 91, fields: 'condition Good' });
    expect(bad.success).toBe(false);
    const columns = bad.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(columns).toEqual(
      expect.arrayContaining([
        ['latitude', 'Latitude must be between -90 and 90'],
        ['fields', "'condition Good' is not 'name: value' (separate them with ;)"],
      ]),
    );
  });

  it('the dry run refuses, by row and column, what CreateAsset refuses', async () => {
    const issues = await check(
      staged([
        { externalId: 'A', master: 'Fuel Pumps', fields: '' },
        { externalId: 'B', master: 'Runway Lights', fields: 'wattage: ten; colour: red' },
        { externalId: 'C', master: 'Runway Lights', fields: 'condition: Shiny; installedOn: 2026-13-01; lit: maybe' },
        { externalId: 'D', master: 'Hangar Doors', fields: 'hangar: B-2' },
      ]),
    );
    expect(issues).toEqual([
      { row: 2, column: 'master', message: 'There is no asset type named Fuel Pumps: add it under Settings -> Master Asset first' },
      { row: 3, column: 'fields', message: 'Runway Lights has no field colour' },
      { row: 3, column: 'fields', message: 'Condition is required' },
      { row: 3, column: 'fields', message: 'Wattage must be a number' },
      { row: 4, column: 'fields', message: 'Condition must be one of Good, Fair, Poor' },
      { row: 4, column: 'fields', message: 'Installed On must be a valid date' },
      { row: 4, column: 'fields', message: 'Lit must be yes or no' },
    ]);
  });

  it('commits new assets numbered from the airport counter, then a second import changes nothing', async () => {
    const before = await assetsOf(lights._id);
    expect(await check(staged(file))).toEqual([]);
    const tracked = await commit(staged(file));
    expect(tracked.map((record) => [record.entity, record.action])).toEqual([['asset', 'created'], ['asset', 'created'], ['asset', 'created']]);
    const after = await assetsOf(lights._id);
    expect(after).toHaveLength(before.length + 2);
    const [first, second] = after.slice(-2);
    expect(first).toMatchObject({ condition: 'Good', wattage: 60, installedOn: '2019-05-14', lit: true, serial: 'RL;001', status: true, location: { lat: 39.2, lon: -119.7 } });
    expect(second).toMatchObject({ condition: 'Fair', wattage: null, lit: false, status: true, location: { lat: 39.193, lon: -119.734 } });
    expect(Number(second!.assetnumber)).toBe(Number(first!.assetnumber) + 1);
    expect(await assetsOf(doors._id)).toEqual([expect.objectContaining({ hangar: 'A-1', status: false })]);
    // The list filters by the typed rows the import wrote.
    const filtered = await admin.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${lights._id}&filterField=condition&filterOperator=equals&filterValue=fair` });
    expect(filtered.json()).toEqual([expect.objectContaining({ _id: second!._id })]);
    expect(await commit(staged(file))).toEqual([]);
  });

  it('a changed row updates its asset (tracked with what it held), and undo puts it back', async () => {
    const changed = staged([{ ...file[0]!, fields: 'condition: Poor; wattage: 75' }]);
    const tracked = await commit(changed);
    expect(tracked).toEqual([expect.objectContaining({ entity: 'asset', action: 'updated', before: expect.objectContaining({ values: expect.objectContaining({ condition: 'Good', wattage: 60 }) }) })]);
    expect((await assetsOf(lights._id)).find((asset) => asset._id === tracked[0]!.id)).toMatchObject({ condition: 'Poor', wattage: 75, serial: null });
    await asAirport(() => t.db.transaction((tx) => kind.undo(tx, tracked, ctx)));
    expect((await assetsOf(lights._id)).find((asset) => asset._id === tracked[0]!.id)).toMatchObject({ condition: 'Good', wattage: 60, serial: 'RL;001' });
  });

  it('undo of created assets deletes them', async () => {
    const tracked = await commit(staged([{ externalId: 'HD-2', master: 'Hangar Doors', fields: 'hangar: C-3' }]));
    expect(await assetsOf(doors._id)).toHaveLength(2);
    await asAirport(() => t.db.transaction((tx) => kind.undo(tx, tracked, ctx)));
    expect(await assetsOf(doors._id)).toHaveLength(1);
  });

  it('exports in the template columns; an asset made in Apron exports its id, and importing the export changes nothing', async () => {
    const made = await admin.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: doors._id, hangar: '=cmd', location: { lat: 39, lon: -119 } } });
    expect(made.statusCode).toBe(201);
    const rows = await exported();
    expect(rows).toContainEqual({ externalId: 'RL-1', master: 'Runway Lights', status: 'yes', latitude: '39.2', longitude: '-119.7', fields: 'condition: Good; wattage: 60; installedOn: 2019-05-14; lit: yes; serial: RL\\;001' });
    expect(rows).toContainEqual({ externalId: made.json()._id, master: 'Hangar Doors', status: 'yes', latitude: '39', longitude: '-119', fields: 'hangar: =cmd' });
    expect(Object.keys(rows[0]!)).toEqual(kind.columns.map((column) => column.key));
    const again = staged(rows.map((row) => ({ ...row, status: row.status === 'yes', latitude: Number(row.latitude), longitude: Number(row.longitude) })));
    expect(await check(again)).toEqual([]);
    expect(await commit(again)).toEqual([]);
  });
});
