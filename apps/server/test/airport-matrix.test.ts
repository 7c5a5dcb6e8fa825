import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSURANCE_REPORTS, MASTER_TYPE_NAMES } from '@apron/core';
import { bootstrap } from '../src/bootstrap';
import { RELIEVER_AIRPORT_ID } from '../src/demo/reliever';
import { findAccountByEmail } from '../src/modules/accounts/index';
import { createSession, SESSION_COOKIE } from '../src/platform/auth/sessions';
import { FIRST_AIRPORT_ID, withAirport } from '../src/platform/tenancy/index';
import { createTestApp, ownerQuery, signIn, type Caller, type TestApp } from './helpers';

/**
 * Issue 22: the endpoint x principal matrix across airports. The demo (main airport A and the
 * reliever field B, demo/reliever.ts) is seeded by the real start-up; principals of B (its
 * administrator, a staff member with no module, a tenant of one of B's companies) call every
 * route of the app — every method, each path parameter filled with ids of A's records of the
 * tables the route names — and no answer may carry any of A's ids, company names or agreement
 * numbers; afterwards A's rows are exactly as before. Pay links and the wait list's private links
 * (the applicant's chat) made at A answer 404 at B's host.
 */
let t: TestApp;
let dataDir: string;
type Request = Caller['request'];
const principals: Record<string, Request> = {};
let mainAdmin: Request;
let aIds: Set<string>;
let aSamples: Map<string, string[]>;
let aWords: string[];
let tables: string[];

const B_HOST = 'l12.apron.test';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function sessionOf(email: string): Promise<Request> {
  const account = (await findAccountByEmail(t.db, email))!;
  const session = await createSession(t.db, account.id);
  const headers = { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken };
  return (options) => t.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
}

/** Row count and a digest of every business table at A: the matrix must change none of them. */
async function fingerprintA(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await withAirport(FIRST_AIRPORT_ID, async () => {
    for (const table of tables) {
      const { rows } = await t.database.query(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${table}" x`);
      out[table] = `${String(rows[0]!.n)}:${String(rows[0]!.d)}`;
    }
  });
  return out;
}

/** The app's routes (method, path) from Fastify's route tree. */
function routesOf(tree: string): Array<{ method: string; url: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** A's ids of the tables a route's words name (`/api/Company/Agreements/:id` -> companies, agreements ...). */
function candidateIds(url: string, param: string): string[] {
  const stems = (param.toLowerCase() === 'id' ? url : param.replace(/Id$/, ''))
    .split(/[/:]/)
    .filter((w) => w && !w.startsWith(':') && w !== 'api')
    .map((w) => w.toLowerCase().replace(/^get|^update|^create/, '').slice(0, 5))
    .filter((w) => w.length >= 4);
  const ids: string[] = [];
  for (const table of [...tables, 'accounts']) {
    if (!stems.some((s) => table.replace(/_/g, '').includes(s))) continue;
    ids.push(...(aSamples.get(table) ?? []).slice(0, 1));
  }
  // Every route also gets the records most routes reach from (a conversation is an applicant's).
  for (const table of ['companies', 'invoices', 'agreements', 'properties', 'waitlist_applicants', 'attachments']) ids.push(aSamples.get(table)![0]!);
  return [...new Set(ids)].slice(0, 10);
}

/** A's ids and words in an answer; an id the caller sent is echoed (e.g. "no such record"), not leaked. */
/** Path parameters that name a kind, not a record: every value (Crud master types, report exports). */
const NAMED: Record<string, readonly string[]> = {
  type: MASTER_TYPE_NAMES,
  // reports.routes.ts EXPORTABLE_REPORTS (the export answers CSV: text the leak check reads).
  report: ['invoices', 'insurances-expired', 'insurances-expiring-soon', 'aging', 'rent-roll'],
  which: INSURANCE_REPORTS,
};
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The concrete URLs one route is called with: A's ids for its record parameters, every value of a named one. */
function concreteUrls(url: string): string[] {
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (params.length === 0) return [url];
  const first = params[0]!;
  const query = url.includes('/Export/') ? '?format=csv' : '';
  if (NAMED[first]) {
    return NAMED[first].map((value) => {
      // `/api/Crud/:type/:id`: an id of A's rows of that master type.
      const rest = params.slice(1).reduce((u, p) => u.replace(`:${p}`, aSamples.get(snake(value))?.[0] ?? aSamples.get('companies')![0]!), url.replace(`:${first}`, encodeURIComponent(value)));
      return rest + query;
    });
  }
  return candidateIds(url, first).map((id) => params.reduce((u, p, i) => u.replace(`:${p}`, i === 0 ? id : (candidateIds(url, p)[0] ?? id)), url) + query);
}

function leaksIn(body: string, sent = ''): string[] {
  const found = (body.match(UUID) ?? []).filter((id) => aIds.has(id.toLowerCase()) && !sent.includes(id));
  for (const word of aWords) if (body.includes(word)) found.push(word);
  return found;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-airport-matrix-'));
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' });
  await bootstrap(t.config, t.database, pino({ level: 'silent' }));
  await ownerQuery(t, 'update airports set public_host = $1 where id = $2', [B_HOST, RELIEVER_AIRPORT_ID]);

  tables = (
    await ownerQuery(
      t,
      `select c.table_name as t from information_schema.columns c
       inner join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema and i.column_name = 'id'
       where c.table_schema = 'public' and c.column_name = 'airport_id' order by 1`,
    )
  )
    .rows.map((r) => String(r.t))
    // Sessions are the deployment's, not A's records: the principals' own requests slide their
    // expiry once a minute has passed, so a run longer than a minute would count that as a change.
    .filter((table) => table !== 'sessions');
  aIds = new Set();
  aSamples = new Map();
  await withAirport(FIRST_AIRPORT_ID, async () => {
    for (const table of tables) {
      const ids = (await t.database.query(`select id::text as id from "${table}" order by id`)).rows.map((r) => String(r.id));
      for (const id of ids) aIds.add(id.toLowerCase());
      aSamples.set(table, ids.slice(0, 2));
    }
  });
  // Accounts are the deployment's: those that work at A only (a membership or a company there, and
  // neither at B: the demo tenant, who acts for a company at each airport, is B's to see too).
  const aAccounts = (
    await ownerQuery(
      t,
      `select a.id::text as id from accounts a
       where (exists (select 1 from airport_memberships m where m.account_id = a.id and m.airport_id = $1)
              or exists (select 1 from account_companies l where l.account_id = a.id and l.airport_id = $1))
         and not exists (select 1 from airport_memberships m where m.account_id = a.id and m.airport_id = $2)
         and not exists (select 1 from account_companies l where l.account_id = a.id and l.airport_id = $2)
       order by a.is_internal desc, a.id`,
      [FIRST_AIRPORT_ID, RELIEVER_AIRPORT_ID],
    )
  ).rows.map((r) => String(r.id));
  for (const id of aAccounts) aIds.add(id);
  aSamples.set('accounts', aAccounts.slice(0, 2));
  const bNames = new Set(
    await withAirport(RELIEVER_AIRPORT_ID, async () => (await t.database.query('select name from companies')).rows.map((r) => String(r.name))),
  );
  const aNames = await withAirport(FIRST_AIRPORT_ID, async () => (await t.database.query('select name from companies')).rows.map((r) => String(r.name)));
  aWords = [...aNames.filter((n) => !bNames.has(n)), 'CXP-10', 'Carson Valley Municipal'];

  principals.admin = await sessionOf('admin2@demo.apron.test');
  const bCompany = await withAirport(RELIEVER_AIRPORT_ID, async () => String((await t.database.query(`select id from companies where name = 'Pine Nut Glider Works'`)).rows[0]!.id));
  principals.staff = (await withAirport(RELIEVER_AIRPORT_ID, () => signIn(t, {}))).request;
  principals.tenant = (await withAirport(RELIEVER_AIRPORT_ID, () => signIn(t, { companyId: bCompany, isInternal: false }))).request;
  mainAdmin = await sessionOf('admin@demo.apron.test');
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the endpoint x principal matrix across airports', () => {
  it('principals of the reliever see none of the main airport’s records through any route, and change none', async () => {
    const before = await fingerprintA();
    expect(aIds.size).toBeGreaterThan(500);
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/Logout',
    );
    expect(routes.length).toBeGreaterThan(150);
    const leaks: string[] = [];
    const failures: string[] = [];
    let calls = 0;
    const tally: Record<string, Record<number, number>> = {};
    for (const [who, request] of Object.entries(principals)) {
      for (const route of routes) {
        for (const url of concreteUrls(route.url)) {
          const id = (url.match(UUID) ?? [aSamples.get('companies')![0]!])[0]!;
          // One body that names A's records every way the routes' bodies do.
          const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { id, ids: [id], ownerId: id, ownerType: 'company', companyId: id, invoiceId: id, agreementId: id, propertyId: id };
          const res = await request({ method: route.method as 'GET', url, payload });
          calls += 1;
          tally[who] ??= {};
          tally[who][res.statusCode] = (tally[who][res.statusCode] ?? 0) + 1;
          const found = leaksIn(res.body, url + JSON.stringify(payload ?? ''));
          if (found.length > 0) leaks.push(`${who} ${route.method} ${url} -> ${res.statusCode} carries ${found.slice(0, 3).join(', ')}`);
          if (res.statusCode >= 500) failures.push(`${who} ${route.method} ${url} -> ${res.statusCode}`);
        }
      }
    }
    // About 2,000 calls; the administrator's reach the handlers: many 404s (A's ids), and B's own lists.
    expect(calls).toBeGreaterThan(1000);
    expect(tally.admin![404]).toBeGreaterThan(100);
    expect(tally.admin![200]).toBeGreaterThan(30);
    // The check sees A's data where it belongs: A's administrator's export carries A's companies.
    expect(leaksIn((await mainAdmin({ method: 'GET', url: '/api/Reports/Export/rent-roll?format=csv' })).body).length).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(failures).toEqual([]);
    expect(await fingerprintA()).toEqual(before);
  }, 900_000);

  it('a pay link and a wait-list private link made at the main airport answer 404 at the reliever’s host', async () => {
    const invoiceId = aSamples.get('invoices')![0]!;
    const made = await mainAdmin({ method: 'POST', url: `/api/Invoices/PayLink/${invoiceId}`, payload: {} });
    expect(made.statusCode).toBe(200);
    const payToken = (made.json() as { token: string }).token;
    expect((await t.app.inject({ method: 'GET', url: `/api/Payment/${payToken}` })).statusCode).toBe(200);
    const atB = await t.app.inject({ method: 'GET', url: `/api/Payment/${payToken}`, headers: { host: B_HOST } });
    expect(atB.statusCode).toBe(404);
    expect(leaksIn(atB.body)).toEqual([]);

    const applicant = aSamples.get('waitlist_applicants')![0]!;
    const secret = randomBytes(24).toString('base64url');
    await withAirport(FIRST_AIRPORT_ID, () =>
      t.database.query('update waitlist_applicants set private_token_hash = $1 where id = $2', [createHash('sha256').update(secret).digest('hex'), applicant]),
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${secret}` })).statusCode).toBe(200);
    const linkAtB = await t.app.inject({ method: 'GET', url: `/api/WaitList/Status/${secret}`, headers: { host: B_HOST } });
    expect(linkAtB.statusCode).toBe(404);
    expect(leaksIn(linkAtB.body)).toEqual([]);
  });
});
