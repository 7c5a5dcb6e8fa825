import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER } from '@apron/core';
import { ASSET_MESSAGES } from '@apron/core/assets/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';

let t: TestApp;
let admin: Caller; // Settings admin: manages master assets
let staff: Caller; // internal, no module: works with assets
let settingsUser: Caller; // Settings, not admin
let tenant: Caller; // external company user
let formId: string;
let lights: { _id: string };

const formSchema = { type: 'default', components: [{ type: 'textfield', key: 'notes', label: 'Notes', validate: { required: true } }] };
const lightFields = [
  { fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'], showOnGrid: true },
  { fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number', isRequired: false, showOnGrid: true },
  { fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date', isRequired: false, showOnGrid: true },
  { fieldName: 'lit', fieldLabel: 'Lit', fieldType: 'Boolean', isRequired: false, showOnGrid: true },
  { fieldName: 'serial', fieldLabel: 'Serial', fieldType: 'String', isRequired: false, showOnGrid: false },
];
const master = (over: Record<string, unknown> = {}) => ({ name: 'Runway Lights', description: 'Edge lights', color: '#FFAA00', status: true, formId, fields: lightFields, ...over });
const at = { lat: 39.193, lon: -119.734 };

async function createAsset(values: Record<string, unknown>) {
  const res = await staff.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: lights._id, location: at, condition: 'Good', ...values } });
  if (res.statusCode !== 201) throw new Error(`createAsset: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; assetnumber: number };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Settings'], isAdmin: true });
  staff = await signIn(t, {});
  settingsUser = await signIn(t, { modules: ['Settings'] });
  tenant = await signIn(t, { isInternal: false, companyId: '0f3c8a1e-2b4d-4c6e-8f00-112233445566' });
  const form = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'Light card', schema: formSchema } });
  formId = form.json()._id;
});
afterAll(async () => t?.close());

describe('master assets', () => {
  it('401, 400 with the spec messages, 403 for a non-admin and for a tenant', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Assets/Masters', payload: master() })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: { name: ' ', description: '', color: '', formId: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', description: 'Description is required', color: 'Color is required', formId: 'Form ID is required' });
    const unknownForm = await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: master({ formId: '0f3c8a1e-2b4d-4c6e-8f00-000000000000' }) });
    expect(unknownForm.json().errors).toEqual({ formId: 'Form not found' });
    expect((await settingsUser.request({ method: 'POST', url: '/api/Assets/Masters', payload: master() })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: '/api/Assets/Masters' })).statusCode).toBe(403);
  });

  it('creates a master with its field configuration, lists it with abilities, audits it', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: master() });
    expect(res.statusCode).toBe(201);
    lights = res.json();
    expect(res.json()).toMatchObject({ name: 'Runway Lights', color: '#ffaa00', formId, assetCount: 0, abilities: { edit: true, delete: true } });
    expect(res.json().fields[0]).toEqual(lightFields[0]);
    const list = await staff.request({ method: 'GET', url: '/api/Assets/GetSimulateAssetfields' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ _id: lights._id, abilities: { edit: false, delete: false } })]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lights._id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it("'Invalid Id' for a malformed id and for an unknown one", async () => {
    const malformed = await staff.request({ method: 'GET', url: '/api/Assets/Masters/nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.id).toBe('Invalid Id');
    const unknown = await staff.request({ method: 'GET', url: '/api/Assets/Masters/0f3c8a1e-2b4d-4c6e-8f00-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid Id');
  });
});

describe('assets: create, read, update', () => {
  it('401, 403 for a tenant, 400 with the messages of the configuration (same as the browser)', async () => {
    const url = '/api/Assets/CreateAsset';
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'POST', url, payload: { assetId: lights._id, location: at } })).statusCode).toBe(403);
    const noType = await staff.request({ method: 'POST', url, payload: { location: at } });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual({ assetId: 'Choose an asset type' });
    const bad = await staff.request({ method: 'POST', url, payload: { assetId: lights._id, location: { lat: 'x', lon: -119 }, condition: 'Shiny', wattage: 'ten', installedOn: '2026-13-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'location.lat': 'Latitude must be a number',
      condition: 'Condition must be one of Good, Fair, Poor',
      wattage: 'Wattage must be a number',
      installedOn: 'Installed On must be a valid date',
    });
    const missing = await staff.request({ method: 'POST', url, payload: { assetId: lights._id, location: at } });
    expect(missing.json().errors).toEqual({ condition: 'Condition is required' });
  });

  it('creates an asset sent without a location at the documented default location (lon -119.734, lat 39.193)', async () => {
    const res = await staff.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: lights._id, condition: 'Good' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().location).toEqual({ lat: 39.193, lon: -119.734 });
  });

  it('creates an asset (status true, typed values, pinned form version) and reads it back', async () => {
    const res = await staff.request({
      method: 'POST', url: '/api/Assets/CreateAsset',
      payload: { assetId: lights._id, location: at, condition: 'Fair', wattage: '150', installedOn: '2025-06-01', lit: true, stray: 'ignored' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ assetId: lights._id, name: 'Runway Lights', color: '#ffaa00', status: true, location: at, condition: 'Fair', wattage: 150, installedOn: '2025-06-01', lit: true, serial: null, data: {} });
    expect(body.stray).toBeUndefined();
    const read = await staff.request({ method: 'GET', url: `/api/Assets/GetAssetById/${body._id}` });
    expect(read.json()).toMatchObject({ _id: body._id, assetnumber: body.assetnumber, wattage: 150, formId, abilities: { edit: true } });
    const form = await staff.request({ method: 'GET', url: `/api/Assets/GetSimulateAsset/${body._id}` });
    expect(form.json()).toMatchObject({ formId, version: 1, data: {}, schema: { components: [{ key: 'notes' }] } });
  });

  it('updates the asset and its form answers in one request; answers are checked against the form', async () => {
    const asset = await createAsset({ serial: 'A-1' });
    const url = `/api/Assets/UpdateAsset/${asset._id}`;
    const skipped = await staff.request({ method: 'PUT', url, payload: { assetId: lights._id, location: at, condition: 'Good', data: { notes: '' } } });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().errors).toEqual({ notes: 'Notes is required' });
    const saved = await staff.request({ method: 'PUT', url, payload: { assetId: lights._id, location: { lat: 39.2, lon: -119.7 }, status: false, condition: 'Poor', data: { notes: 'Lens cracked' } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: false, condition: 'Poor', serial: null, location: { lat: 39.2, lon: -119.7 }, data: { notes: 'Lens cracked' } });
    const unknown = await staff.request({ method: 'PUT', url: '/api/Assets/UpdateAsset/0f3c8a1e-2b4d-4c6e-8f00-000000000000', payload: { assetId: lights._id, location: at, condition: 'Good' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ASSET_MESSAGES.invalidId);
  });
});

describe('GET /api/Assets/GetAssets (the list)', () => {
  it('pages, sorts and filters on the configured fields on the server', async () => {
    for (const [condition, wattage, installedOn, serial] of [['Good', 60, '2024-01-05', 'North-7'], ['Fair', 90, '2023-03-01', 'South-2'], ['Poor', 30, null, 'north-9']] as const) {
      await createAsset({ condition, wattage, installedOn, serial });
    }
    const base = `/api/Assets/GetAssets?assetId=${lights._id}`;
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url: base })).statusCode).toBe(403);
    const page = await staff.request({ method: 'GET', url: `${base}&pageSize=2` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    const total = Number(page.headers[TOTAL_COUNT_HEADER]);
    expect(total).toBeGreaterThanOrEqual(5);

    const byWattage = await staff.request({ method: 'GET', url: `${base}&sort=wattage:asc&pageSize=3` });
    expect(byWattage.json().map((r: { wattage: number }) => r.wattage)).toEqual([30, 60, 90]);
    expect(Number(byWattage.headers[TOTAL_COUNT_HEADER])).toBe(total);

    const contains = await staff.request({ method: 'GET', url: `${base}&filterField=serial&filterOperator=contains&filterValue=NORTH` });
    expect(contains.json().map((r: { serial: string }) => r.serial).sort()).toEqual(['North-7', 'north-9']);
    expect(contains.headers[TOTAL_COUNT_HEADER]).toBe('2');
    const above = await staff.request({ method: 'GET', url: `${base}&filterField=wattage&filterOperator=>=&filterValue=60&sort=wattage:desc` });
    expect(above.json().map((r: { wattage: number }) => r.wattage)).toEqual([150, 90, 60]);
    const before = await staff.request({ method: 'GET', url: `${base}&filterField=installedOn&filterOperator=before&filterValue=2024-01-01` });
    expect(before.json().map((r: { serial: string }) => r.serial)).toEqual(['South-2']);
    const lit = await staff.request({ method: 'GET', url: `${base}&filterField=lit&filterOperator=is&filterValue=true` });
    expect(lit.json().map((r: { lit: boolean }) => r.lit)).toEqual([true]);
  });

  it('400 naming the parameter for an unconfigured field or a value of the wrong type', async () => {
    const base = `/api/Assets/GetAssets?assetId=${lights._id}`;
    expect((await staff.request({ method: 'GET', url: `${base}&sort=secret:asc` })).json().errors).toEqual({ sort: 'Cannot sort by secret' });
    expect((await staff.request({ method: 'GET', url: `${base}&filterField=secret&filterValue=x` })).json().errors).toEqual({ filterField: 'Cannot filter by secret' });
    expect((await staff.request({ method: 'GET', url: `${base}&filterField=wattage&filterOperator==&filterValue=ten` })).json().errors).toEqual({ filterValue: 'Wattage must be a number' });
  });
});

describe('GET /api/Assets/Map', () => {
  it('answers only the assets inside the bounds (and of the chosen type)', async () => {
    const inside = await createAsset({ location: { lat: 39.5, lon: -119.5 } });
    const outside = await createAsset({ location: { lat: 40.5, lon: -118.5 } });
    const url = '/api/Assets/Map?west=-119.6&south=39.4&east=-119.4&north=39.6';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
    const res = await staff.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 1, clusters: [], points: [expect.objectContaining({ _id: inside._id, assetId: lights._id, assetnumber: inside.assetnumber, lat: 39.5, lon: -119.5 })] });
    expect(JSON.stringify(res.json())).not.toContain(outside._id);
    const other = await staff.request({ method: 'GET', url: `${url}&assetId=0f3c8a1e-2b4d-4c6e-8f00-000000000000` });
    expect(other.json().points).toEqual([]);
    const bad = await staff.request({ method: 'GET', url: '/api/Assets/Map?west=-119&south=40&east=-120&north=39' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['east', 'north']);
  });
});

describe('master changes while in use', () => {
  it('keeps field types, refuses deleting a master in use, deletes an unused one', async () => {
    const changed = lightFields.map((field) => (field.fieldName === 'wattage' ? { ...field, fieldType: 'String' } : field));
    const res = await admin.request({ method: 'PUT', url: `/api/Assets/Masters/${lights._id}`, payload: master({ fields: changed }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'fields.1.fieldType': 'The type of wattage cannot change while assets use this master' });

    // A new field: every asset gets it (empty), so sorting by it still lists them all.
    const added = await admin.request({ method: 'PUT', url: `/api/Assets/Masters/${lights._id}`, payload: master({ fields: [...lightFields, { fieldName: 'zone', fieldLabel: 'Zone', fieldType: 'String' }] }) });
    expect(added.statusCode).toBe(200);
    const all = await staff.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${lights._id}` });
    const byZone = await staff.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${lights._id}&sort=zone:asc&pageSize=100` });
    expect(byZone.json()).toHaveLength(Number(all.headers[TOTAL_COUNT_HEADER]));

    const refused = await admin.request({ method: 'DELETE', url: `/api/Assets/Masters/${lights._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This master asset is used by \d+ assets and cannot be deleted\.$/);
    const spare = (await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: master({ name: 'Spare' }) })).json();
    expect((await staff.request({ method: 'DELETE', url: `/api/Assets/Masters/${spare._id}` })).statusCode).toBe(403);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/Assets/Masters/${spare._id}` });
    expect(deleted.json()).toEqual({ message: 'Deleted Successfully' });
  });

  it('a disabled type takes no new assets', async () => {
    const off = (await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: master({ name: 'Retired', status: false }) })).json();
    const res = await staff.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: off._id, location: at, condition: 'Good' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assetId: ASSET_MESSAGES.typeDisabled });
  });
});

describe('GET /api/Assets/Geocode (the map search, through the Geocode proxy)', () => {
  it('401, 403 for a tenant, 400 for a too-short search, for staff without the Property module', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Assets/Geocode?q=reno' })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url: '/api/Assets/Geocode?q=reno' })).statusCode).toBe(403);
    const short = await staff.request({ method: 'GET', url: '/api/Assets/Geocode?q=r' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.q).toBe('Type at least 2 characters');
  });
});
