import { count, eq } from 'drizzle-orm';
import { SYSTEM_SETTING_NAMES } from '@apron/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/helpers';
import { accounts } from '../platform/auth/accounts.table';
import { findAccountByEmail } from '../modules/accounts/index';
import { documentTypes, insuranceTypes, invoiceCycles, notices, notifications, paymentTypes, systemSettings } from '../modules/settings/settings.table';
import { loadSystemSettings } from '../modules/settings/index';
import { FIRST_AIRPORT_ID, findAirport } from '../platform/tenancy/index';
import { verifyPassword } from '../platform/auth/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

// The main airport's demo accounts (the reliever's administrator comes with the reliever: reliever.test.ts).
const MAIN_ACCOUNTS = DEMO_ACCOUNTS.filter((a) => a.airport === 'main');
import { DEMO_AIRPORT_NAME, seedDemo } from './seed';
import { workplaceOf } from '../platform/tenancy/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APRON_DEMO: '1' });
});
afterAll(async () => t?.close());

const silent = { info: () => {} };

async function counts(): Promise<number[]> {
  const tables = [accounts, documentTypes, insuranceTypes, invoiceCycles, paymentTypes, notices, notifications, systemSettings];
  return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
}

describe('demo seed', () => {
  it('does nothing outside demo mode', async () => {
    expect(await seedDemo(t.db, testConfig(), silent)).toBe(false);
    expect((await counts())[0]).toBe(0);
  });

  it('creates the demo accounts and airport master data once; a second run changes nothing', async () => {
    expect(await seedDemo(t.db, t.config, silent)).toBe(true);
    const first = await counts();
    // Every system setting exists once, with its default (core's SYSTEM_SETTING_NAMES); the
    // notification rules are the demo's two and the insurance reminder every airport starts with.
    expect(first).toEqual([MAIN_ACCOUNTS.length, 6, 4, 3, 3, 2, 3, SYSTEM_SETTING_NAMES.length]);
    expect(await seedDemo(t.db, t.config, silent)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('gives every demo account the demo password and the right role', async () => {
    for (const demo of MAIN_ACCOUNTS) {
      const account = await findAccountByEmail(t.db, demo.email);
      expect(account, demo.email).toMatchObject({ isInternal: demo.isInternal, enabled: true });
      // The admin flag is their work at the main airport (platform/tenancy/workplace.ts).
      expect((await workplaceOf(t.db, account!)).isAdmin, demo.email).toBe(demo.isAdmin);
      expect(await verifyPassword(DEMO_PASSWORD, account!.passwordHash)).toBe(true);
    }
  });

  it('names the airport, and the app config says demo', async () => {
    expect((await loadSystemSettings(t.db, ['AIRPORT_NAME'])).AIRPORT_NAME).toBe(DEMO_AIRPORT_NAME);
    expect((await findAirport(t.db, FIRST_AIRPORT_ID))!.name).toBe(DEMO_AIRPORT_NAME);
    const res = await t.app.inject({ method: 'GET', url: '/api/AppConfig' });
    expect(res.json().jsonvalue).toMatchObject({ airportName: DEMO_AIRPORT_NAME, demo: true });
    const flat = await t.db.select().from(paymentTypes).where(eq(paymentTypes.skuType, 'Flat'));
    expect(flat[0]!.skuAmountCents).toBe(2500);
  });
});
