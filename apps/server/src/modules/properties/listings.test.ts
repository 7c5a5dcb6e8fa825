import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildArea, buildAttribute, buildProperty, buildType } from './properties.factories';

let t: TestApp;
let admin: Caller;
let hangar: { _id: string; name: string };
let office: { _id: string; name: string };
let width: { _id: string };
let hidden: { _id: string };
let notes: { _id: string };
const names = (res: { json(): unknown }) => (res.json() as Array<{ propertyName: string }>).map((r) => r.propertyName);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  const area = await buildArea(admin, 'North Ramp');
  width = await buildAttribute(admin, { attributeType: 'Numeric', name: 'Door Width', allowFiltering: true, allowSorting: true });
  hidden = await buildAttribute(admin, { attributeType: 'Numeric', name: 'Internal Code' });
  notes = await buildAttribute(admin, { attributeType: 'Text', name: 'Power', allowFiltering: true });
  hangar = await buildType(admin, { name: 'Box Hangar', attributes: [width._id, hidden._id, notes._id] });
  office = await buildType(admin, { name: 'Office' });
  // Types with nothing the public may see: none at all, or only an unpublished listing.
  await buildType(admin, { name: 'Empty Type' });
  const unpublished = await buildType(admin, { name: 'Unpublished Type' });
  await buildProperty(admin, { name: 'Hidden Shed', rent: 50, area: area._id, propertyType: unpublished._id, visibletoExternal: false });
  const h = (name: string, rent: number, w: string, power: string, extra: Record<string, unknown> = {}) =>
    buildProperty(admin, {
      name, rent, area: area._id, propertyType: hangar._id, availableDate: `2026-0${Math.round(rent / 100)}-01`,
      attributes: { [width._id]: w, [hidden._id]: '7', [notes._id]: power }, ...extra,
    });
  await h('Hangar Alpha', 900, '9', '220V');
  await h('Hangar Bravo', 300, '100', '110V');
  await h('Hangar Charlie', 600, '45.5', '220V');
  await h('Hangar Secret', 100, '50', '220V', { visibletoExternal: false });
  const inactive = await h('Hangar Closed', 200, '50', '220V');
  await admin.request({ method: 'POST', url: `/api/Property/List/Status/${inactive._id}`, payload: { status: 'Inactive' } });
  await buildProperty(admin, { name: 'Office 101', rent: 450, area: area._id, propertyType: office._id, description: 'Ramp view office' });
});
afterAll(async () => t?.close());

describe('GET /api/Listings (public)', () => {
  it('answers anonymous visitors with listing fields only — exactly these keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Listings?type=${office._id}` });
    expect(res.statusCode).toBe(200);
    const [item] = res.json() as Array<Record<string, unknown>>;
    expect(Object.keys(item!).sort()).toEqual(['_id', 'areaName', 'dateAvailable', 'description', 'image', 'location', 'propertyName', 'rent', 'type']);
    expect(item).toMatchObject({ propertyName: 'Office 101', areaName: 'North Ramp', rent: 450, description: 'Ramp view office', type: 'Office', image: null });
    expect(Object.keys(item!.location as object).sort()).toEqual(['lat', 'lon']);
    expect(JSON.stringify(res.json())).not.toMatch(/tenant|agreement|deposit|insurance|document|remark|address|status|visible/i);
  });

  it('shows only visible, not Inactive properties, paged with X-Total-Count and sorted by rent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Listings?sort=rent:asc&pageSize=2' });
    expect(res.headers['x-total-count']).toBe('4');
    expect(names(res)).toEqual(['Hangar Bravo', 'Office 101']);
    const page2 = await t.app.inject({ method: 'GET', url: '/api/Listings?sort=rent:asc&pageSize=2&page=2' });
    expect(names(page2)).toEqual(['Hangar Charlie', 'Hangar Alpha']);
    const desc = await t.app.inject({ method: 'GET', url: '/api/Listings?sort=rent:desc' });
    expect(names(desc)).toEqual(['Hangar Alpha', 'Hangar Charlie', 'Office 101', 'Hangar Bravo']);
  });

  it('filters by property type and sorts by name, availability and type', async () => {
    const byType = await t.app.inject({ method: 'GET', url: `/api/Listings?type=${hangar._id}&sort=name:desc` });
    expect(byType.headers['x-total-count']).toBe('3');
    expect(names(byType)).toEqual(['Hangar Charlie', 'Hangar Bravo', 'Hangar Alpha']);
    const byDate = await t.app.inject({ method: 'GET', url: '/api/Listings?sort=availability:asc' });
    expect(names(byDate)).toEqual(['Hangar Bravo', 'Hangar Charlie', 'Hangar Alpha', 'Office 101']);
    const byTypeName = await t.app.inject({ method: 'GET', url: '/api/Listings?sort=type:desc' });
    expect(names(byTypeName)[0]).toBe('Office 101');
  });

  it('uses attributes marked allowFiltering / allowSorting as filters and sort keys', async () => {
    const numeric = await t.app.inject({ method: 'GET', url: `/api/Listings?sort=attr.${width._id}:asc&type=${hangar._id}` });
    expect(names(numeric)).toEqual(['Hangar Alpha', 'Hangar Charlie', 'Hangar Bravo']); // 9 < 45.5 < 100, as numbers
    const filtered = await t.app.inject({ method: 'GET', url: `/api/Listings?attr.${notes._id}=220v&sort=name:asc` });
    expect(names(filtered)).toEqual(['Hangar Alpha', 'Hangar Charlie']);
    const byNumber = await t.app.inject({ method: 'GET', url: `/api/Listings?attr.${width._id}=45.50` });
    expect(names(byNumber)).toEqual(['Hangar Charlie']);
  });

  it('refuses attributes that do not allow it, bad values and unknown sort keys with a field error', async () => {
    const notFilter = await t.app.inject({ method: 'GET', url: `/api/Listings?attr.${hidden._id}=7` });
    expect(notFilter.statusCode).toBe(400);
    expect(notFilter.json().errors).toEqual({ [`attr.${hidden._id}`]: 'This attribute is not a filter' });
    const notSort = await t.app.inject({ method: 'GET', url: `/api/Listings?sort=attr.${notes._id}:asc` });
    expect(notSort.json().errors).toEqual({ sort: 'This attribute is not a sort key' });
    const badNumber = await t.app.inject({ method: 'GET', url: `/api/Listings?attr.${width._id}=abc` });
    expect(badNumber.json().errors).toEqual({ [`attr.${width._id}`]: 'Door Width must be a number' });
    const injection = await t.app.inject({ method: 'GET', url: `/api/Listings?sort=${encodeURIComponent('rent;drop table properties')}` });
    expect(injection.statusCode).toBe(400);
    const notUuid = await t.app.inject({ method: 'GET', url: `/api/Listings?${encodeURIComponent("attr.1' or '1'='1")}=x` });
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('GET /api/Listings/Types and /api/Listings/Attributes (public)', () => {
  it('lists only types with a public listing, and the public attributes with their values (numbers in numeric order)', async () => {
    const types = await t.app.inject({ method: 'GET', url: '/api/Listings/Types' });
    expect(types.json()).toEqual([{ _id: hangar._id, name: 'Box Hangar' }, { _id: office._id, name: 'Office' }]);
    const attributes = await t.app.inject({ method: 'GET', url: '/api/Listings/Attributes' });
    expect(attributes.json()).toEqual([
      { _id: width._id, name: 'Door Width', attributeType: 'Numeric', allowFiltering: true, allowSorting: true, values: ['9', '45.5', '100'] },
      { _id: notes._id, name: 'Power', attributeType: 'Text', allowFiltering: true, allowSorting: false, values: ['110V', '220V'] },
    ]);
  });
});

describe('staff endpoints refuse anonymous callers', () => {
  it.each([
    ['GET', '/api/Property/Grid'], ['GET', '/api/Property/List'], ['GET', '/api/PropertyTypes'], ['GET', '/api/PropertyAttributes'],
    ['GET', '/api/Property/Areas'], ['POST', '/api/Property/List'], ['POST', '/api/PropertyTypes/add'], ['DELETE', '/api/Property/List/Images'],
  ])('%s %s is 401', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });
});
