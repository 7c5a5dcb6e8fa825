import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { propertyLeases } from './index';
import { buildArea, buildAttribute, buildProperty, buildType } from './properties.factories';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let outsider: Caller;
let area: { _id: string };
let type: { _id: string; name: string };
let width: { _id: string };
let inspected: { _id: string };
let power: { _id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  reader = await signIn(t, { modules: ['Property'] });
  outsider = await signIn(t, { modules: ['Settings', 'Invoices'], isAdmin: true });
  area = await buildArea(admin, 'North Ramp');
  width = await buildAttribute(admin, { attributeType: 'Numeric', name: 'Door Width' });
  inspected = await buildAttribute(admin, { attributeType: 'Date', name: 'Inspected' });
  power = await buildAttribute(admin, { attributeType: 'Text', name: 'Power' });
  type = await buildType(admin, { name: 'T-Hangar', attributes: [width._id, inspected._id, power._id] });
});
afterAll(async () => t?.close());

const missing = '00000000-0000-4000-8000-000000000000';
const body = (over: Record<string, unknown> = {}) => ({
  name: '  Hangar A1 ', description: 'Nested T-hangar', area: area._id, propertyType: type._id, address: ' 1 Hangar Row ',
  rent: 425.5, availableDate: '2026-03-01', visibletoExternal: true, location: { lat: 39.2, lon: -119.74 },
  attributes: { [width._id]: '42', [inspected._id]: '2025-06-30', [power._id]: '220V' },
  ...over,
});

describe('POST Property/List and GET Property/List/{id}', () => {
  it('walks the ladder: 401, 400, 403, 201 and a read-back', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Property/List', payload: body() })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ address: '   ', rent: 0 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ address: 'Address is required', rent: 'Must be greater than 0' });
    expect((await reader.request({ method: 'POST', url: '/api/Property/List', payload: body() })).statusCode).toBe(403);
    expect((await outsider.request({ method: 'POST', url: '/api/Property/List', payload: body() })).statusCode).toBe(403);

    const res = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body() });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Hangar A1', address: '1 Hangar Row', rent: 425.5, availableDate: '2026-03-01', visibletoExternal: true,
      area: area._id, areaName: 'North Ramp', propertyType: type._id, propertyTypeName: 'T-Hangar', status: 'Active',
      location: { lat: 39.2, lon: -119.74 }, headerImage: null, images: [],
      leaseInfo: { status: 'Active', agreement: null }, abilities: { edit: true, changeStatus: true },
    });
    expect(created.attributes).toEqual({ [width._id]: '42', [inspected._id]: '2025-06-30', [power._id]: '220V' });

    const read = await reader.request({ method: 'GET', url: `/api/Property/List/${created._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Hangar A1', rent: 425.5, abilities: { edit: false, changeStatus: false } });
    expect((await reader.request({ method: 'GET', url: `/api/Property/List/${missing}` })).statusCode).toBe(404);
    expect((await reader.request({ method: 'GET', url: '/api/Property/List/not-an-id' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/Property/List/${created._id}` })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: `/api/Property/List/${created._id}` })).statusCode).toBe(403);

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'property'), eq(auditLog.entityId, created._id)));
    expect(audit).toMatchObject({ action: 'create', actorId: admin.user.id });
  });

  it('applies the money rules to rent', async () => {
    const decimals = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ rent: 10.555 }) });
    expect(decimals.json().errors.rent).toBe('At most two decimals');
    const text = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ rent: 'abc' }) });
    expect(text.json().errors.rent).toBe('Rent must be a number');
    const huge = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ rent: 20_000_000 }) });
    expect(huge.json().errors.rent).toMatch(/at most/);
  });

  it('validates each custom attribute by its type, on attributes.<id>', async () => {
    const numeric = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ attributes: { [width._id]: 'abc', [inspected._id]: '2025-06-30', [power._id]: 'x' } }) });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().errors).toEqual({ [`attributes.${width._id}`]: 'Door Width must be a number' });

    const date = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ attributes: { [width._id]: '40', [inspected._id]: '2025-02-30', [power._id]: 'x' } }) });
    expect(date.json().errors).toEqual({ [`attributes.${inspected._id}`]: 'Inspected must be a valid date' });

    const blank = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ attributes: { [width._id]: '40', [inspected._id]: '2025-02-03', [power._id]: '  ' } }) });
    expect(blank.json().errors).toEqual({ [`attributes.${power._id}`]: 'Power is required' });

    const unknownType = await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ propertyType: missing }) });
    expect(unknownType.json().errors.propertyType).toBe('Property type not found');
  });

  it('keeps values keyed by attribute id when the type is reordered or renamed', async () => {
    const created = (await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ name: 'Keyed' }) })).json();
    await admin.request({ method: 'POST', url: `/api/PropertyAttributes/update/${width._id}`, payload: { name: 'Door Width (ft)', attributeType: 'Numeric' } });
    await admin.request({ method: 'POST', url: `/api/PropertyTypes/update/${type._id}`, payload: { name: 'T-Hangar', attributes: [power._id, inspected._id, width._id] } });
    const read = (await reader.request({ method: 'GET', url: `/api/Property/List/${created._id}` })).json();
    expect(read.attributes).toEqual({ [width._id]: '42', [inspected._id]: '2025-06-30', [power._id]: '220V' });
    const attrs = await reader.request({ method: 'GET', url: `/api/Property/List/Attributes/${type._id}` });
    expect(attrs.json().map((a: { _id: string }) => a._id)).toEqual([power._id, inspected._id, width._id]);
    expect(attrs.json()[2]).toMatchObject({ name: 'Door Width (ft)', attributeType: 'Numeric' });
  });
});

describe('PUT Property/List/{id}', () => {
  it('walks the ladder and reads back the change', async () => {
    const created = (await admin.request({ method: 'POST', url: '/api/Property/List', payload: body({ name: 'To edit' }) })).json();
    expect((await t.app.inject({ method: 'PUT', url: `/api/Property/List/${created._id}`, payload: body() })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'PUT', url: `/api/Property/List/${created._id}`, payload: body({ name: '' }) });
    expect(bad.json().errors.name).toBe('Name is required');
    expect((await reader.request({ method: 'PUT', url: `/api/Property/List/${created._id}`, payload: body() })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url: `/api/Property/List/${missing}`, payload: body() })).statusCode).toBe(404);
    const res = await admin.request({ method: 'PUT', url: `/api/Property/List/${created._id}`, payload: body({ name: 'Edited', rent: 600, availableDate: '' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited', rent: 600, availableDate: null });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, created._id), eq(auditLog.action, 'update')));
    expect(audit!.changes).toMatchObject({ name: { from: 'To edit', to: 'Edited' }, rentCents: { from: 42550, to: 60000 } });
  });
});

describe('Status, Lease Info and Lease History', () => {
  it('makes a property Inactive and Active again; refuses Leased', async () => {
    const p = await buildProperty(admin, { area: area._id, propertyType: (await buildType(admin))._id });
    const url = `/api/Property/List/Status/${p._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { status: 'Inactive' } })).statusCode).toBe(401);
    const leased = await admin.request({ method: 'POST', url, payload: { status: 'Leased' } });
    expect(leased.statusCode).toBe(400);
    expect(leased.json().errors.status).toBe('Status must be Active or Inactive');
    expect((await reader.request({ method: 'POST', url, payload: { status: 'Inactive' } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: `/api/Property/List/Status/${missing}`, payload: { status: 'Inactive' } })).statusCode).toBe(404);
    const inactive = await admin.request({ method: 'POST', url, payload: { status: 'Inactive' } });
    expect(inactive.json()).toMatchObject({ status: 'Inactive', leaseInfo: { status: 'Inactive' } });
    const active = await admin.request({ method: 'POST', url, payload: { status: 'Active' } });
    expect(active.json().status).toBe('Active');
  });

  it('answers an empty Lease History until agreements exist', async () => {
    const p = await buildProperty(admin, { area: area._id, propertyType: (await buildType(admin))._id });
    expect((await t.app.inject({ method: 'GET', url: `/api/Property/LeaseHistory/${p._id}` })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: `/api/Property/LeaseHistory/${p._id}` })).statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: `/api/Property/LeaseHistory/${missing}` })).statusCode).toBe(404);
    const res = await reader.request({ method: 'GET', url: `/api/Property/LeaseHistory/${p._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('derives Leased from a registered lease source (the agreements hook)', async () => {
    const p = await buildProperty(admin, { area: area._id, propertyType: (await buildType(admin))._id });
    const previous = t.plugins.replace(propertyLeases, 'test', {
      leasedPropertyIds: () => sql`select ${p._id}::uuid`,
      currentLease: async (_db, id) => (id === p._id ? { _id: missing, title: 'Hangar lease', agreementNum: 'AG-1' } : null),
      leaseHistory: async () => [{ _id: missing, title: 'Hangar lease', agreementNum: 'AG-1', startDate: '2026-01-01', endDate: null, status: 'Active' }],
    });
    try {
      const read = (await reader.request({ method: 'GET', url: `/api/Property/List/${p._id}` })).json();
      expect(read).toMatchObject({ status: 'Leased', leaseInfo: { status: 'Leased', agreement: { title: 'Hangar lease', agreementNum: 'AG-1' } } });
      const grid = await reader.request({ method: 'GET', url: '/api/Property/Grid?status=Leased' });
      expect(grid.json().map((r: { _id: string }) => r._id)).toEqual([p._id]);
      expect((await reader.request({ method: 'GET', url: `/api/Property/LeaseHistory/${p._id}` })).json()).toHaveLength(1);
    } finally {
      if (previous) t.plugins.replace(propertyLeases, 'agreements', previous);
    }
  });
});

describe('GET Property/Grid and Property/List', () => {
  it('pages, sorts and filters on the server with X-Total-Count', async () => {
    const gridArea = await buildArea(admin, 'Grid Area');
    const gridType = await buildType(admin, { name: 'Grid Type' });
    for (const [name, rent] of [['Grid C', 300], ['Grid A', 100], ['Grid B', 200]] as const) {
      await buildProperty(admin, { name, rent, area: gridArea._id, propertyType: gridType._id, address: `${name} address` });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/Property/Grid' })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: '/api/Property/Grid' })).statusCode).toBe(403);
    const bad = await reader.request({ method: 'GET', url: '/api/Property/Grid?sort=password:asc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['sort']);

    const page1 = await reader.request({ method: 'GET', url: `/api/Property/Grid?propertyType=${gridType._id}&sort=rent:desc&pageSize=2` });
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('3');
    expect(page1.json().map((r: { name: string }) => r.name)).toEqual(['Grid C', 'Grid B']);
    expect(page1.json()[0]).toMatchObject({ propertyType: gridType._id, propertyTypeName: 'Grid Type', areaName: 'Grid Area', status: 'Active', rent: 300 });
    const page2 = await reader.request({ method: 'GET', url: `/api/Property/Grid?propertyType=${gridType._id}&sort=rent:desc&pageSize=2&page=2` });
    expect(page2.json().map((r: { name: string }) => r.name)).toEqual(['Grid A']);

    const search = await reader.request({ method: 'GET', url: '/api/Property/Grid?q=grid%20b%20addr' });
    expect(search.json().map((r: { name: string }) => r.name)).toEqual(['Grid B']);
    const byArea = await reader.request({ method: 'GET', url: `/api/Property/Grid?area=${gridArea._id}&sort=name:asc` });
    expect(byArea.json().map((r: { name: string }) => r.name)).toEqual(['Grid A', 'Grid B', 'Grid C']);

    const list = await reader.request({ method: 'GET', url: `/api/Property/List?propertyType=${gridType._id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/Property/List' })).statusCode).toBe(401);
  });
});

describe('GET Property/List/Attributes/{id}', () => {
  it('walks the ladder', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Property/List/Attributes/${type._id}` })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: `/api/Property/List/Attributes/${type._id}` })).statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: `/api/Property/List/Attributes/${missing}` })).statusCode).toBe(404);
    expect((await reader.request({ method: 'GET', url: `/api/Property/List/Attributes/${type._id}` })).json()).toHaveLength(3);
  });
});
