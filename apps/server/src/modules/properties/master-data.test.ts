import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { buildArea, buildAttribute, buildProperty, buildType } from './properties.factories';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let settingsAdmin: Caller;
let outsider: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  reader = await signIn(t, { modules: ['Property'] });
  settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
  outsider = await signIn(t, { modules: ['Invoices'], isAdmin: true });
});
afterAll(async () => t?.close());

const missing = '00000000-0000-4000-8000-000000000000';

describe('PropertyTypes', () => {
  it('walks the ladder for add: 401, 400, 403, 201, read-back', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/PropertyTypes/add', payload: {} })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: '   ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toBe('Name is required');
    expect((await reader.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'X' } })).statusCode).toBe(403);
    expect((await outsider.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'X' } })).statusCode).toBe(403);

    const size = await buildAttribute(admin, { attributeType: 'Numeric' });
    const res = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: '  T-Hangar  ', attributes: [size._id] } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'T-Hangar', attributes: [size._id] });

    const list = await reader.request({ method: 'GET', url: '/api/PropertyTypes' });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((x: { _id: string }) => x._id === res.json()._id)).toMatchObject({ name: 'T-Hangar', attributes: [size._id] });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.json()._id));
    expect(audit).toMatchObject({ action: 'create', entity: 'propertyType', actorId: admin.user.id });
  });

  it('refuses a duplicate name (any case) and an unknown attribute on the field', async () => {
    await buildType(admin, { name: 'Box Hangar' });
    const dup = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'box hangar' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.name).toMatch(/already exists/);
    const unknown = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Shade', attributes: [missing] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['attributes.0']).toBe('Unknown attribute');
  });

  it('lets a Settings admin write; a Settings admin or Property reader may list', async () => {
    const created = await settingsAdmin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Office' } });
    expect(created.statusCode).toBe(201);
    expect((await settingsAdmin.request({ method: 'GET', url: '/api/PropertyTypes' })).statusCode).toBe(200);
    expect((await outsider.request({ method: 'GET', url: '/api/PropertyTypes' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/PropertyTypes' })).statusCode).toBe(401);
  });

  it('updates name and attribute order; 404 for a missing id', async () => {
    const a = await buildAttribute(admin);
    const b = await buildAttribute(admin);
    const type = await buildType(admin, { attributes: [a._id, b._id] });
    expect((await admin.request({ method: 'POST', url: `/api/PropertyTypes/update/${missing}`, payload: { name: 'Y' } })).statusCode).toBe(404);
    expect((await reader.request({ method: 'POST', url: `/api/PropertyTypes/update/${type._id}`, payload: { name: 'Y' } })).statusCode).toBe(403);
    const res = await admin.request({ method: 'POST', url: `/api/PropertyTypes/update/${type._id}`, payload: { name: 'Renamed', attributes: [b._id, a._id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', attributes: [b._id, a._id] });
  });

  it('refuses to delete a type while properties use it, with a clear message', async () => {
    const type = await buildType(admin);
    const property = await buildProperty(admin, { propertyType: type._id });
    const refused = await admin.request({ method: 'DELETE', url: `/api/PropertyTypes/${type._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The property type '${type.name}' is used by 1 property and cannot be deleted.`);
    expect(property._id).toBeTruthy();

    const unused = await buildType(admin);
    expect((await reader.request({ method: 'DELETE', url: `/api/PropertyTypes/${unused._id}` })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/PropertyTypes/${unused._id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/PropertyTypes/${unused._id}` })).statusCode).toBe(404);
  });
});

describe('PropertyAttributes', () => {
  it('walks the ladder and refuses a bad attribute type on the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/PropertyAttributes' })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/PropertyAttributes/add', payload: { name: 'Width', attributeType: 'Color' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.attributeType).toBe('Choose Text, Numeric or Date');
    expect((await reader.request({ method: 'POST', url: '/api/PropertyAttributes/add', payload: { name: 'W', attributeType: 'Text' } })).statusCode).toBe(403);
    const created = await admin.request({
      method: 'POST', url: '/api/PropertyAttributes/add',
      payload: { name: 'Door Width', description: 'feet', attributeType: 'Numeric', allowFiltering: true, allowSorting: true },
    });
    expect(created.statusCode).toBe(201);
    const list = (await reader.request({ method: 'GET', url: '/api/PropertyAttributes' })).json() as Array<{ _id: string }>;
    expect(list.find((x) => x._id === created.json()._id)).toMatchObject({ name: 'Door Width', attributeType: 'Numeric', allowFiltering: true, allowSorting: true });

    const updated = await admin.request({ method: 'POST', url: `/api/PropertyAttributes/update/${created.json()._id}`, payload: { name: 'Door Width (ft)', attributeType: 'Numeric' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Door Width (ft)', allowFiltering: false });
    expect((await admin.request({ method: 'POST', url: `/api/PropertyAttributes/update/${missing}`, payload: { name: 'Q', attributeType: 'Text' } })).statusCode).toBe(404);
  });

  it('refuses to delete an attribute a type uses, and to change the type of one holding values', async () => {
    const attribute = await buildAttribute(admin, { attributeType: 'Text' });
    const type = await buildType(admin, { attributes: [attribute._id] });
    await buildProperty(admin, { propertyType: type._id, attributes: { [attribute._id]: 'paved' } });
    const refused = await admin.request({ method: 'DELETE', url: `/api/PropertyAttributes/${attribute._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/used by 1 property type/);
    const retype = await admin.request({ method: 'POST', url: `/api/PropertyAttributes/update/${attribute._id}`, payload: { name: attribute.name, attributeType: 'Numeric' } });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().errors.attributeType).toMatch(/cannot change/);

    const loose = await buildAttribute(admin);
    expect((await admin.request({ method: 'DELETE', url: `/api/PropertyAttributes/${loose._id}` })).statusCode).toBe(200);
  });
});

describe('Property/Areas', () => {
  it('walks the ladder: list, add, update, delete (refused while in use)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Property/Areas' })).statusCode).toBe(401);
    expect((await outsider.request({ method: 'GET', url: '/api/Property/Areas' })).statusCode).toBe(403);
    const bad = await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: '' } });
    expect(bad.json().errors.name).toBe('Name is required');
    expect((await reader.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: 'North' } })).statusCode).toBe(403);
    const area = await buildArea(admin, 'North Ramp');
    const updated = await admin.request({ method: 'PUT', url: `/api/Property/Areas/${area._id}`, payload: { name: 'North Ramp', description: 'Rows A-C' } });
    expect(updated.json()).toMatchObject({ name: 'North Ramp', description: 'Rows A-C' });
    const list = (await reader.request({ method: 'GET', url: '/api/Property/Areas' })).json() as Array<{ _id: string }>;
    expect(list.some((x) => x._id === area._id)).toBe(true);

    await buildProperty(admin, { area: area._id });
    const refused = await admin.request({ method: 'DELETE', url: `/api/Property/Areas/${area._id}` });
    expect(refused.statusCode).toBe(409);
    const empty = await buildArea(admin);
    expect((await admin.request({ method: 'DELETE', url: `/api/Property/Areas/${empty._id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'PUT', url: `/api/Property/Areas/${empty._id}`, payload: { name: 'Z' } })).statusCode).toBe(404);
  });
});
