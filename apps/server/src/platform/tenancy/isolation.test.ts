import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { continueInScope, withAirport } from './airport-context';
import { FIRST_AIRPORT_ID } from './airports.table';
import { insertAirport } from './airports.repo';
import { sessionLookupSql } from '../auth/sessions';

/**
 * Issue 22: the airports' data kept apart by the database itself (docs/adr/0007-airports.md).
 * These run on both databases (PGlite in `npm test`, PostgreSQL in CI's second pass).
 */
let t: TestApp;
let reliever: string;
let mainAdmin: Caller;
let relieverAdmin: Caller;
let mainCompany: { _id: string; name: string };

/** Tables that are the deployment's, not an airport's (everything else must carry airport_id). */
const DEPLOYMENT_TABLES = [
  'account_companies', 'accounts', 'airport_memberships', 'airports', 'cpi_index', 'idempotent_answers', 'oidc_payloads', 'password_tokens',
  'rate_limit_counters', 'sessions', 'sign_in_requests', 'sign_in_throttles',
];

async function rows(sql: string, airportId: string): Promise<Record<string, unknown>[]> {
  return withAirport(airportId, async () => (await t.database.query(sql)).rows);
}

beforeAll(async () => {
  t = await createTestApp();
  reliever = (await insertAirport(t.db, { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver' })).id;
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  relieverAdmin = await withAirport(reliever, () => signIn(t, { modules: 'all', isAdmin: true }));
  const res = await mainAdmin.request({ method: 'POST', url: '/api/Company', payload: { name: 'Sierra Skies Aviation', description: 'Hangar tenant', email: 'office@example.test', status: 'Active' } });
  expect(res.statusCode).toBe(201);
  mainCompany = res.json();
});
afterAll(async () => t?.close());

describe('row-level security', () => {
  it('a query with no airport filter at all sees only the rows of its own airport', async () => {
    const main = await rows(`select id, name from companies`, FIRST_AIRPORT_ID);
    expect(main.map((row) => row.name)).toContain('Sierra Skies Aviation');
    expect(await rows(`select id, name from companies`, reliever)).toEqual([]);
    expect(await rows(`select id from audit_log where entity_id = '${mainCompany._id}'`, reliever)).toEqual([]);
  });

  it('the server works through a role that is neither superuser nor BYPASSRLS, and not the owner', async () => {
    const [role] = await rows(
      `select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass,
              (select tableowner from pg_tables where tablename = 'companies') as owner
       from pg_roles r where r.rolname = current_user`,
      reliever,
    );
    expect(role).toMatchObject({ name: 'apron_app', super: false, bypass: false });
    expect(role!.owner).not.toBe('apron_app');
  });

  it('every business table carries airport_id under a forced policy', async () => {
    const tables = await rows(
      `select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'airport_id' and not a.attisdropped) as scoped
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
      FIRST_AIRPORT_ID,
    );
    const business = tables.filter((table) => !DEPLOYMENT_TABLES.includes(String(table.name)));
    expect(business.length).toBeGreaterThan(50);
    for (const table of business) expect(table, String(table.name)).toMatchObject({ scoped: true, rls: true, forced: true });
  });

  it('a row cannot be written into another airport, nor refer to another airport’s row', async () => {
    await expect(
      withAirport(reliever, () => t.database.query(`insert into companies (airport_id, name, description, email) values ($1, 'Intruder', 'x', 'x@example.test')`, [FIRST_AIRPORT_ID])),
    ).rejects.toThrow(/row-level security/);
    // The reliever's own insurance type, pointing at the main airport's company: the composite foreign key refuses it.
    await expect(
      withAirport(reliever, () =>
        t.database.query(`insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference)
                          values ($1, '****1234', '021000021', 100, 'Credit', current_date, 'x')`, [mainCompany._id]),
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('with no airport named, nothing is visible and nothing can be written', async () => {
    const unnamed = { airportId: null, system: false };
    const seen = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      continueInScope(unnamed, () => void t.database.query('select id from companies').then((r) => resolve(r.rows), reject));
    });
    expect(seen).toEqual([]);
  });
});

describe('through HTTP', () => {
  it('the other airport’s company answers 404, and its grid does not list it', async () => {
    expect((await relieverAdmin.request({ method: 'GET', url: `/api/Company/${mainCompany._id}` })).statusCode).toBe(404);
    const grid = await relieverAdmin.request({ method: 'GET', url: '/api/Company?page=1&pageSize=50' });
    expect(grid.statusCode).toBe(200);
    expect(JSON.stringify(grid.json())).not.toContain('Sierra Skies');
    expect((await mainAdmin.request({ method: 'GET', url: `/api/Company/${mainCompany._id}` })).statusCode).toBe(200);
  });

  it('the session lookup reads deployment tables only, so a connection left at the other airport answers it alike', async () => {
    const tables = [...sessionLookupSql(t.db).matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!);
    expect(tables).toContain('sessions');
    for (const table of tables) expect(DEPLOYMENT_TABLES, table).toContain(table);
    // Callers of the two airports in turn: each lookup takes the connection the other's page left
    // at its airport, and each caller still works at, and sees, their own airport only.
    for (let round = 0; round < 3; round++) {
      const main = await mainAdmin.request({ method: 'GET', url: '/api/Company?page=1&pageSize=50' });
      const other = await relieverAdmin.request({ method: 'GET', url: '/api/Company?page=1&pageSize=50' });
      expect(JSON.stringify(main.json())).toContain('Sierra Skies');
      expect(JSON.stringify(other.json())).not.toContain('Sierra Skies');
    }
  });

});

describe('row-level security keeps the grids’ indexes usable', () => {
  it('a keyset page sorted by name seeks in the index under the policy (its comparison is leakproof)', async () => {
    const plan = await rows(
      `explain select id from companies where (lower(name), id) > ('m', '00000000-0000-4000-8000-000000000000'::uuid) order by lower(name), id limit 10`,
      FIRST_AIRPORT_ID,
    );
    const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
    expect(text).toContain('Index Cond');
    const marked = await rows(`select proname from pg_proc where proleakproof and proname in ('lower', 'textlike', 'numeric_lt') order by proname`, FIRST_AIRPORT_ID);
    expect(marked.map((row) => row.proname)).toEqual(['lower', 'numeric_lt', 'textlike']);
  });
});
