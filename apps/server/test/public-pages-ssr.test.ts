import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase } from './database';
import { signIn, testConfig, type Caller, type TestApp } from './helpers';
import { buildArea, buildProperty, buildType } from '../src/modules/properties/properties.factories';
import { setSystemSetting } from '../src/modules/settings/settings.test-support';
import { withAirport } from '../src/platform/tenancy/airport-context';
import { insertAirport } from '../src/platform/tenancy/airports.repo';

/**
 * Issue 25 §1: `/`, `/listings` and `/tiedown/create` arrive as HTML with their visible text and
 * the data they were drawn from (docs/adr/0008-public-pages-server-rendered.md), each airport's
 * own, the same for every visitor, cacheable briefly. The renderer here is the web app's source
 * entry (the server loads the built one in production); the page shell is a built index.html's shape.
 */
const WEB_ENTRY = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));
const SHELL = '<!doctype html><html lang="en"><head><title>Apron</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
/** Short, so the test sees a change arrive once the rendered page expires. */
const TTL_MS = 1500;

let t: TestApp;
let webRoot: string;
let mainAdmin: Caller;
let relieverAdmin: Caller;

/** The page's visible text, without tags, styles or the embedded data. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return root.replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  const database = await createTestDatabase();
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false, webDist: webRoot, webRendererEntry: WEB_ENTRY, publicPageTtlMs: TTL_MS });
  await app.ready();
  t = { app, db: database.db, database, config, plugins: app.plugins, close: async () => { await app.close(); await database.close(); } };
  const reliever = await insertAirport(t.db, { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver', pathPrefix: 'l12' });
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  relieverAdmin = await withAirport(reliever.id, () => signIn(t, { modules: 'all', isAdmin: true }));
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'AIRPORT_NAME', 'Main County Airport'));
  await withAirport(reliever.id, () =>
    t.db.transaction(async (tx) => {
      await setSystemSetting(tx, { user: null }, 'AIRPORT_NAME', 'Reliever Field Airport');
      await setSystemSetting(tx, { user: null }, 'LANDING_LINKS', 'yes');
    }),
  );
  const mainType = await buildType(mainAdmin, { name: 'T-Hangar' });
  await buildProperty(mainAdmin, { name: 'Hangar Alpha', rent: 900, area: (await buildArea(mainAdmin, 'North Ramp'))._id, propertyType: mainType._id });
  await buildProperty(mainAdmin, { name: 'Hangar Bravo', rent: 300, propertyType: mainType._id });
  await buildProperty(relieverAdmin, { name: 'Reliever Shade Port', rent: 150 });
});
afterAll(async () => {
  await t?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('/ carries the airport\'s name and MUI\'s styles, cacheable for a short time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.body).toMatch(/<h1[^>]*>Main County Airport<\/h1>/);
    expect(visibleText(res.body)).toContain('Powered By Apron');
    // Emotion's styles in the head, where its client cache adopts them; the page's script stays.
    expect(res.body).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style><\/head>/);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).toContain('<script type="application/json" id="apron-server-data">');
    // Compressed once when rendered: a browser that takes brotli gets the same page, smaller.
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The same page: a render lives a short while, and two requests may straddle its end on a busy
    // machine, so only the dehydrated query's render times may differ.
    const withoutRenderTimes = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    expect(withoutRenderTimes(brotliDecompressSync(br.rawPayload).toString())).toBe(withoutRenderTimes(res.body));
  });

  it('/listings shows the first page of listings as the URL filters and sorts it, with the data for hydration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/listings?sort=rent:desc' });
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('Property Listings');
    expect(text).toContain('2 listings');
    expect(text.indexOf('Hangar Alpha')).toBeLessThan(text.indexOf('Hangar Bravo'));
    expect(text).not.toContain('Reliever Shade Port');
    const ascending = visibleText((await t.app.inject({ method: 'GET', url: '/listings' })).body);
    expect(ascending.indexOf('Hangar Bravo')).toBeLessThan(ascending.indexOf('Hangar Alpha'));
    // The embedded data is the query cache the page's hooks read, keyed as they key it.
    const data = JSON.parse(/<script type="application\/json" id="apron-server-data">(.*?)<\/script>/s.exec(res.body)![1]!) as { queries: Array<{ queryKey: unknown[] }> };
    expect(data.queries.map((q) => q.queryKey)).toContainEqual(['listings', 'page', { page: 1, pageSize: 10, sort: 'rent:desc' }]);
  });

  it('/tiedown/create shows the form\'s labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tiedown/create' });
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    for (const label of ['Transient Parking', 'First Name', 'Arrival Date', 'Departure Date (estimated)', 'Aircraft Type', 'Aircraft Number']) expect(text).toContain(label);
  });

  it('each airport\'s pages are its own: name and listings', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/a/l12/' });
    expect(home.body).toMatch(/<h1[^>]*>Reliever Field Airport<\/h1>/);
    expect(home.body).not.toContain('Main County Airport');
    const listings = visibleText((await t.app.inject({ method: 'GET', url: '/a/l12/listings' })).body);
    expect(listings).toContain('Reliever Shade Port');
    expect(listings).not.toContain('Hangar Alpha');
    // Links inside the prefixed pages stay under the prefix (the router's basename).
    expect(home.body).toContain('href="/a/l12/listings"');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Main County Airport');
  });

  it('is the same for a signed-in caller as for a visitor: nothing of the session in it', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/tiedown/create' });
    const signedIn = await mainAdmin.request({ method: 'GET', url: '/tiedown/create' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.body).toContain('Login');
    expect(signedIn.headers['set-cookie']).toBeUndefined();
  });

  it('a new listing shows once the rendered page expires (within a minute in production)', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/listings?pageSize=5' });
    expect(visibleText(before.body)).toContain('Hangar Alpha');
    await buildProperty(mainAdmin, { name: 'Hangar Alpha Prime', rent: 1200 });
    // Within the window the kept page is sent as it was rendered ...
    expect((await t.app.inject({ method: 'GET', url: '/listings?pageSize=5' })).body).toBe(before.body);
    // ... and after it the new name is in the HTML.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    expect(visibleText((await t.app.inject({ method: 'GET', url: '/listings?pageSize=5' })).body)).toContain('Hangar Alpha Prime');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/listings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.body).toBe('');
  });

  it('other pages stay the app shell, never cached by the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/invoices' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SHELL);
  });
});

describe('when the server render fails', () => {
  it('a visitor gets the app shell, never an error page', async () => {
    // A renderer that takes the page and then fails, as a broken build or a failing call would.
    const broken = path.join(webRoot, 'broken-renderer.mjs');
    fs.writeFileSync(broken, "export const SERVER_DATA_ELEMENT_ID = 'x';\nexport const isServerRenderedPage = () => true;\nexport async function renderPublicPage() { throw new Error('render failed'); }\n");
    const app = await buildApp({ config: t.config, database: t.database, logger: false, webDist: webRoot, webRendererEntry: broken });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/listings' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(SHELL);
    } finally {
      await app.close();
    }
  });
});
