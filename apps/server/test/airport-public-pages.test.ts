import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createTestDatabase } from './database';
import { anonymous, signIn, testConfig, type Caller, type TestApp } from './helpers';
import { buildCompany, buildInvoice } from '../src/modules/invoices/billing.test-support';
import { setSystemSetting } from '../src/modules/settings/settings.test-support';
import { mailOutbox } from '../src/platform/mail/mail.table';
import { withAirport } from '../src/platform/tenancy/airport-context';
import { insertAirport } from '../src/platform/tenancy/airports.repo';
import { publicUrlOf } from '../src/platform/tenancy/public-url';

/**
 * Issue 22: each airport's public pages (docs/airports.md, "Public pages and host names"): a path
 * prefix (`/a/l12/...`, the web app's X-Airport header) or a host name; the first airport keeps
 * the site's own URLs. Runs on both databases.
 */
let t: TestApp;
let webRoot: string;
let mainAdmin: Caller;
let relieverAdmin: Caller;
let relieverId: string;
const PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';

async function addType(admin: Caller, name: string): Promise<string> {
  const res = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}

/** The property types the public wait-list form offers: the airport's own. */
const typeNames = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/WaitList/Join', headers });
  return { status: res.statusCode, names: res.statusCode === 200 ? namesOf(res.json()) : [] };
};
const namesOf = (info: { propertyTypes: Array<{ name: string }> }) => info.propertyTypes.map((type) => type.name);

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), PAGE);
  const database = await createTestDatabase();
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false, webDist: webRoot });
  await app.ready();
  t = { app, db: database.db, database, config, plugins: app.plugins, close: async () => { await app.close(); await database.close(); } };
  const reliever = await insertAirport(t.db, { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver', pathPrefix: 'l12' });
  const seaplane = await insertAirport(t.db, { code: 'S60', name: 'Seaplane Base', timeZone: 'America/Denver', publicHost: 'seaplane.example.test' });
  relieverId = reliever.id;
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  relieverAdmin = await withAirport(reliever.id, () => signIn(t, { modules: 'all', isAdmin: true }));
  const seaplaneAdmin = await withAirport(seaplane.id, () => signIn(t, { modules: 'all', isAdmin: true }));
  await addType(mainAdmin, 'Main Hangar');
  await addType(relieverAdmin, 'Reliever Shade');
  // No card charge to join at the reliever (a new airport has no system settings of its own yet).
  await withAirport(reliever.id, () => t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0')));
  await addType(seaplaneAdmin, 'Seaplane Dock');
});
afterAll(async () => {
  await t?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('a visitor\'s airport', () => {
  it('is the first airport at the site\'s own address (a one-airport deployment keeps its URLs)', async () => {
    expect(await typeNames()).toEqual({ status: 200, names: ['Main Hangar'] });
  });

  it('is the airport the X-Airport header names (any case), else the host name\'s', async () => {
    expect(await typeNames({ 'x-airport': 'l12' })).toEqual({ status: 200, names: ['Reliever Shade'] });
    expect(await typeNames({ 'x-airport': 'L12' })).toEqual({ status: 200, names: ['Reliever Shade'] });
    expect(await typeNames({ host: 'seaplane.example.test' })).toEqual({ status: 200, names: ['Seaplane Dock'] });
    expect(await typeNames({ host: 'seaplane.example.test', 'x-airport': 'l12' })).toEqual({ status: 200, names: ['Reliever Shade'] });
  });

  it('an unknown prefix is a 404, never the first airport', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/WaitList/Join', headers: { 'x-airport': 'nowhere' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Main Hangar');
  });

  it('a signed-in caller works at their own airport whatever prefix their page sends', async () => {
    const res = await mainAdmin.request({ method: 'GET', url: '/api/WaitList/Join', headers: { 'x-airport': 'l12' } });
    expect(namesOf(res.json())).toEqual(['Main Hangar']);
  });
});

describe('the web app\'s pages', () => {
  it('are served under /a/<prefix>/ for an airport with that prefix, and at the root as before', async () => {
    for (const url of ['/a/l12/', '/a/l12/listings', '/a/L12/tiedown/create', '/a/l12/waitList/create', '/listings', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PAGE);
    }
  });

  it('an unknown prefix answers a 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/a/nowhere/listings' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('no airport at this address');
  });
});

describe('links to public pages', () => {
  it('a wait-list join under a prefix is that airport\'s, and its private link opens that airport\'s pages', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/WaitList/Join', headers: { 'x-airport': 'l12' } });
    const shade = (info.json() as { propertyTypes: Array<{ _id: string }> }).propertyTypes[0]!._id;
    const visitor = await anonymous(t);
    const join = await visitor({
      method: 'POST', url: '/api/WaitList/Join', headers: { 'x-airport': 'l12' },
      payload: { propertyType: shade, aircrafttype: 'Piper Cub', firstName: 'Ada', lastName: 'Reliever', phone: '7755550111', email: 'ada@reliever.example.test', organization: 'Ada Air' },
    });
    expect(join.statusCode, join.body).toBe(201);
    const [mail] = await withAirport(relieverId, async () => await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `waitlist:${join.json()._id}`)));
    const link = /(\S+\/waitList\/status\/[\w-]+)/.exec(mail!.text)![1]!;
    expect(link.startsWith(`${t.config.publicUrl}/a/l12/waitList/status/`)).toBe(true);
    const token = link.split('/').pop()!;
    const status = await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${token}`, headers: { 'x-airport': 'l12' } });
    expect(status.json()).toMatchObject({ firstName: 'Ada', propertyTypeName: 'Reliever Shade' });
    // At the first airport's address the applicant does not exist.
    expect((await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${token}` })).statusCode).toBe(404);
  });

  it('a pay link of the prefixed airport is under its prefix; the first airport\'s stays at the site\'s root', async () => {
    const reliever = await buildInvoice(relieverAdmin, (await buildCompany(relieverAdmin))._id);
    const relieverLink = (await relieverAdmin.request({ method: 'POST', url: `/api/Invoices/PayLink/${reliever._id}` })).json() as { url: string };
    expect(relieverLink.url.startsWith(`${t.config.publicUrl}/a/l12/payment/`)).toBe(true);
    const main = await buildInvoice(mainAdmin, (await buildCompany(mainAdmin))._id);
    const mainLink = (await mainAdmin.request({ method: 'POST', url: `/api/Invoices/PayLink/${main._id}` })).json() as { url: string };
    expect(mainLink.url.startsWith(`${t.config.publicUrl}/payment/`)).toBe(true);
  });

  it('an airport\'s public address: its host name, else its prefix, else PUBLIC_URL', () => {
    expect(publicUrlOf('https://apron.example', { publicHost: 'l12.apron.example', pathPrefix: 'l12' })).toBe('https://l12.apron.example');
    expect(publicUrlOf('https://apron.example', { publicHost: null, pathPrefix: 'l12' })).toBe('https://apron.example/a/l12');
    expect(publicUrlOf('https://apron.example', { publicHost: null, pathPrefix: null })).toBe('https://apron.example');
  });
});
