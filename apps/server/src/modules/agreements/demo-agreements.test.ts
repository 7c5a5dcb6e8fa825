import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, asAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { createSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { findAccountByEmail } from '../accounts/index';
import { companies } from '../companies/companies.table';
import { agreementProperties, agreements, aircraft, insurances, securityDeposits } from './agreements.table';
import { DEMO_TENANT_EMAIL, seedDemoCompaniesAndAgreements } from './demo-agreements';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-'));
  // The demo accounts and properties (test/demo-templates.ts): what the agreements seed builds on.
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-properties' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function counts(): Promise<number[]> {
  const tables = [companies, agreements, agreementProperties, securityDeposits, insurances, aircraft];
  return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
}

describe('seedDemoCompaniesAndAgreements', () => {
  it('builds owners and about 60 agreements of every status over the demo properties, once', async () => {
    const first = await seedDemoCompaniesAndAgreements(t.db, t.config);
    expect(first.companies).toBe(25);
    expect(first.agreements).toBeGreaterThanOrEqual(55);
    const before = await counts();
    expect(await seedDemoCompaniesAndAgreements(t.db, t.config)).toEqual({ companies: 0, agreements: 0 });
    expect(await counts()).toEqual(before);
    expect(before.every((n) => n > 0)).toBe(true);

    const statuses = new Set((await t.db.select({ s: agreements.status }).from(agreements)).map((r) => r.s));
    expect(statuses).toEqual(new Set(['Active', 'Expiring Soon', 'Expired', 'Archived']));
  });

  it('links the demo tenant to a company, whose agreements the tenant reads (and only those)', async () => {
    const tenant = await findAccountByEmail(t.db, DEMO_TENANT_EMAIL);
    expect(tenant!.companyId).not.toBeNull();
    const session = await createSession(t.db, tenant!.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/Agreements?pageSize=100', headers: { cookie: `${SESSION_COOKIE}=${session.token}` } });
    const rows = res.json() as Array<{ tenantId: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tenantId === tenant!.companyId)).toBe(true);
    const [own] = await t.db.select({ n: count() }).from(agreements).where(eq(agreements.companyId, tenant!.companyId!));
    expect(rows).toHaveLength(own!.n);
  });

  it('leaves no Inactive property under a current lease: the Rent Roll and the dashboard count the same leased properties', async () => {
    const admin = await asAdmin(t);
    const roll = (await admin.request({ method: 'GET', url: '/api/Reports/RentRoll' })).json() as Array<{ propertyId: string }>;
    const occupancy = (await admin.request({ method: 'GET', url: '/api/Dashboard' })).json().occupancy as Array<{ leased: number }>;
    expect(roll.length).toBeGreaterThan(20);
    expect(occupancy.reduce((sum, row) => sum + row.leased, 0)).toBe(new Set(roll.map((row) => row.propertyId)).size);
    const statuses = await Promise.all(roll.map(async (row) => (await admin.request({ method: 'GET', url: `/api/Property/List/${row.propertyId}` })).json().status));
    expect(statuses.filter((status) => status !== 'Leased')).toEqual([]);
  });
});
