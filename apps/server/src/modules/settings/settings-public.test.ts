import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES, MASTER_TYPE_NAMES, PUBLIC_SETTING_NAMES, SYSTEM_SETTINGS, SYSTEM_SETTING_NAMES, TOTAL_COUNT_HEADER } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { ensureSystemSettings, loadSystemSettings } from './system-settings';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Settings'], isAdmin: true });
});
afterAll(async () => t?.close());

describe('system settings defaults', () => {
  it('exist after migration with the defaults of core, and ensureSystemSettings is idempotent', async () => {
    // AIRPORT_NAME and TIME_ZONE are read from the airport's row (its defaults are core's too).
    const read = () => loadSystemSettings(t.db);
    const expected = Object.fromEntries(SYSTEM_SETTING_NAMES.map((n) => [n, SYSTEM_SETTINGS[n].defaultValue]));
    expect(await read()).toEqual(expected);
    await ensureSystemSettings(t.db);
    await ensureSystemSettings(t.db);
    expect(await read()).toEqual(expected);
  });
});

describe('Getsettings and AppConfig', () => {
  it('gives anonymous callers and users without Settings only the public settings', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/Getsettings' });
    expect(anon.statusCode).toBe(200);
    const names = (anon.json() as Array<{ name: string; value: string }>).map((s) => s.name);
    expect(names.sort()).toEqual([...PUBLIC_SETTING_NAMES].sort());
    expect(names).not.toContain('EXPIRY_WINDOW_DAYS');
    expect(anon.json()).toContainEqual({ name: 'WAITLIST_CHARGE', value: '10' });

    const invoices = await signIn(t, { modules: ['Invoices'], isAdmin: true });
    const res = await invoices.request({ method: 'GET', url: '/api/Getsettings' });
    expect(res.json()).toEqual(anon.json());
  });

  it('gives Settings users every setting', async () => {
    const reader = await signIn(t, { modules: ['Settings'] });
    const res = await reader.request({ method: 'GET', url: '/api/Getsettings' });
    expect((res.json() as Array<{ name: string }>).map((s) => s.name).sort()).toEqual([...SYSTEM_SETTING_NAMES].sort());
  });

  it('answers the app configuration anonymously and follows edits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/AppConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'appconfig',
      jsonvalue: {
        landinglinks: true,
        airportName: 'Apron Municipal Airport',
        logoUrl: null,
        demo: false,
        testMode: true,
        mapStreetsUrl: DEFAULT_MAP_TILES.streetsUrl,
        mapSatelliteUrl: DEFAULT_MAP_TILES.satelliteUrl,
      },
    });
    const list = await admin.request({ method: 'GET', url: '/api/Crud/systemSettings?q=landing_links' });
    const landing = (list.json() as Array<{ _id: string; name: string }>).find((s) => s.name === 'LANDING_LINKS')!;
    const put = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${landing._id}`, payload: { name: 'LANDING_LINKS', value: 'no' } });
    expect(put.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/AppConfig' });
    expect(after.json().jsonvalue.landinglinks).toBe(false);
  });
});

describe('lists: paging, sorting, search', () => {
  beforeAll(async () => {
    for (const [name, dueDays] of [['Monthly', 30], ['Quarterly', 45], ['Annual', 60], ['Weekly', 7], ['Bi-monthly', 15]] as const) {
      const res = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name, dueDays, expression: '0 0 1 * *' } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('pages by name by default with the total in X-Total-Count', async () => {
    const first = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?page=1&pageSize=2' });
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(first.json().map((r: { name: string }) => r.name)).toEqual(['Annual', 'Bi-monthly']);
    const third = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?page=3&pageSize=2' });
    expect(third.json().map((r: { name: string }) => r.name)).toEqual(['Weekly']);
  });

  it('sorts by a grid column and refuses other columns', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?sort=dueDays:desc' });
    expect(res.json().map((r: { dueDays: number }) => r.dueDays)).toEqual([60, 45, 30, 15, 7]);
    const bad = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?sort=secret:asc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { sort: 'Cannot sort by secret' } });
  });

  it('searches the name with q, case-insensitively, wildcards taken literally', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?q=MONTH' });
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Bi-monthly', 'Monthly']);
    const literal = await admin.request({ method: 'GET', url: '/api/Crud/invoiceCycles?q=%25' });
    expect(literal.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('answers every type with a list', async () => {
    for (const type of MASTER_TYPE_NAMES) {
      const res = await admin.request({ method: 'GET', url: `/api/Crud/${type}` });
      expect(res.statusCode, type).toBe(200);
    }
  });
});

describe('select-box shorthands', () => {
  it('return the whole list by name to internal users with a module', async () => {
    const lease = await signIn(t, { modules: ['Lease'] });
    const res = await lease.request({ method: 'GET', url: '/api/InvoiceCycles' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Annual', 'Bi-monthly', 'Monthly', 'Quarterly', 'Weekly']);
    for (const url of ['/api/InsuranceTypes', '/api/PaymentTypes', '/api/AttachmentTypes']) {
      expect((await lease.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('refuse tenants except for document and coverage types (they upload both), and anonymous callers everywhere', async () => {
    const tenant = await signIn(t, { isInternal: false });
    expect((await tenant.request({ method: 'GET', url: '/api/InvoiceCycles' })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: '/api/PaymentTypes' })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: '/api/AttachmentTypes' })).statusCode).toBe(200);
    expect((await tenant.request({ method: 'GET', url: '/api/InsuranceTypes' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/AttachmentTypes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/InsuranceTypes' })).statusCode).toBe(401);
  });
});
