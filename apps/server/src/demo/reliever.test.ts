import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, createTestApp, type TestApp } from '../../test/helpers';
import { SESSION_COOKIE, createSession } from '../platform/auth/sessions';
import { airportMemberships } from '../platform/tenancy/airports.table';
import { asSystem, FIRST_AIRPORT_ID } from '../platform/tenancy/index';
import { findAccountByEmail } from '../modules/accounts/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { RELIEVER, RELIEVER_AIRPORT_ID, seedDemoReliever } from './reliever';

// Issue 22: the demo has a second airport, a reliever field that its own administrator runs.
let t: TestApp;
let dataDir: string;
const silent = { info: () => {} };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-reliever-'));
  // The main airport's demo accounts, properties, companies and agreements (test/demo-templates.ts).
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-agreements' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function as(email: string) {
  const account = (await findAccountByEmail(t.db, email))!;
  const session = await createSession(t.db, account.id);
  return (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${session.token}` } });
}

async function airportsOf(email: string): Promise<string[]> {
  const account = (await findAccountByEmail(t.db, email))!;
  const rows = await asSystem(() => t.db.select({ airportId: airportMemberships.airportId }).from(airportMemberships).where(eq(airportMemberships.accountId, account.id)));
  return rows.map((r) => r.airportId).sort();
}

describe('the demo reliever field', () => {
  it('is created once, with settings, rates and its own small data; a second run changes nothing', async () => {
    expect(await seedDemoReliever(t.db, t.config, silent)).toBe(true);
    expect(await seedDemoReliever(t.db, t.config, silent)).toBe(false);

    const admin2 = await as('admin2@demo.apron.test');
    const config = (await admin2('/api/AppConfig')).json().jsonvalue;
    expect(config.airportName).toBe(RELIEVER.name);

    const props = (await admin2('/api/Property/List?page=1&pageSize=100')).json() as Array<{ name: string }>;
    expect(props.length).toBe(10);
    expect(props.some((p) => p.name.startsWith('Tie-Down'))).toBe(true);
    expect(props.some((p) => p.name.includes('Hangar'))).toBe(true);

    const companies = (await admin2('/api/Company?page=1&pageSize=100')).json() as Array<{ name: string }>;
    // Its three companies, and the tie-down payer the parking seed creates.
    expect(companies.map((c) => c.name).sort()).toEqual(['Pine Nut Glider Works', 'Sagebrush Flying Club', 'Transient Parking', 'Valley Crop Dusters']);
    const agreements = (await admin2('/api/Agreements?page=1&pageSize=100')).json() as Array<{ agreementNum: string }>;
    expect(agreements.length).toBeGreaterThan(0);
    expect(agreements.every((a) => a.agreementNum.startsWith('L12-'))).toBe(true);
    const invoices = (await admin2('/api/Invoices?page=1&pageSize=100')).json() as unknown[];
    expect(invoices.length).toBeGreaterThanOrEqual(12);
    const rates = (await admin2('/api/TieDown/Rates')).json() as unknown[];
    expect(rates.length).toBe(6);
    // Seeds a whole second airport (properties, agreements, a year of billing): over the default 30 s on a busy machine.
  }, 120_000);

  it('keeps the main airport as it was', async () => {
    const admin = await as('admin@demo.apron.test');
    expect((await admin('/api/AppConfig')).json().jsonvalue.airportName).toBe('Carson Valley Municipal Airport');
    const companies = (await admin('/api/Company?page=1&pageSize=100')).json() as Array<{ name: string }>;
    expect(companies.length).toBe(25);
    expect(companies.some((c) => c.name === 'Pine Nut Glider Works')).toBe(false);
  });

  it('admin2 works at the reliever only; admin at both; finance and staff at the main airport', async () => {
    expect(await airportsOf('admin2@demo.apron.test')).toEqual([RELIEVER_AIRPORT_ID]);
    expect(await airportsOf('admin@demo.apron.test')).toEqual([FIRST_AIRPORT_ID, RELIEVER_AIRPORT_ID].sort());
    for (const email of ['finance@demo.apron.test', 'staff@demo.apron.test']) expect(await airportsOf(email)).toEqual([FIRST_AIRPORT_ID]);
    const tenant = (await findAccountByEmail(t.db, 'tenant@demo.apron.test'))!;
    const main = (await as('admin@demo.apron.test'))('/api/Company/' + tenant.companyId);
    expect((await main).statusCode).toBe(200);
  });

  it('the tenant acts for a company at each airport: the switcher shows both, the reliever’s first company there', async () => {
    const tenant = (await findAccountByEmail(t.db, 'tenant@demo.apron.test'))!;
    const session = await createSession(t.db, tenant.id);
    const headers = { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken };
    const mine = (await t.app.inject({ method: 'GET', url: '/api/Airports/Mine', headers })).json() as Array<{ id: string; current: boolean }>;
    expect(mine.map((a) => [a.id, a.current]).sort()).toEqual([[FIRST_AIRPORT_ID, true], [RELIEVER_AIRPORT_ID, false]].sort());
    const switched = await t.app.inject({ method: 'PUT', url: '/api/Session/Airport', headers, payload: { airportId: RELIEVER_AIRPORT_ID } });
    expect(switched.statusCode, switched.body).toBe(200);
    const company = await t.app.inject({ method: 'GET', url: `/api/Company/${switched.json().user.companyId}`, headers });
    expect(company.json().name).toBe('Pine Nut Glider Works');
    expect((await t.app.inject({ method: 'GET', url: `/api/Company/${tenant.companyId}`, headers })).statusCode).toBe(404);
  });

  it('the sign-in page lists admin2 with the other demo accounts', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain('admin2@demo.apron.test');
  });
});
