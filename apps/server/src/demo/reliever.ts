import { MODULES, type TMasterTypeName } from '@apron/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuditActor } from '../platform/audit/audit';
import { hashPassword } from '../platform/auth/passwords';
import { findAirport, insertAirport, withAirport } from '../platform/tenancy/index';
import { recordWorkAtCurrentAirport } from '../platform/tenancy/index';
import { findAccountByEmail, insertAccount } from '../modules/accounts/index';
import { ensureSystemSettings } from '../modules/settings/index';
import { createMasterRow, MASTER_DEFINITIONS, setSystemSetting } from '../modules/settings/settings.seed-support';
import { seedDemoProperties } from '../modules/properties/properties.seed-support';
import { DEMO_TENANT_EMAIL, seedDemoCompaniesAndAgreements, type DemoField } from '../modules/agreements/agreements.seed-support';
import { seedDemoBilling } from '../modules/balances/balances.seed-support';
import { seedDefaultTiedownRates, seedDemoTiedowns } from '../modules/tiedowns/tiedowns.seed-support';
import { settleEventsPublishedDuring } from '../platform/events/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { MASTER_DATA, type SeedLog } from './seed';

/**
 * The demo's second airport (issue 22): a small general-aviation reliever field next to the main
 * airport, so the demo shows the airport switcher and airports kept apart. `admin2@` administers
 * the reliever only; the demo's `admin@` works at both, and so does `tenant@` (a company at each);
 * finance and staff stay at the main airport. Its data comes from the same module seeders as the main airport's, run at the reliever
 * (`withAirport`), with fewer rows: a few hangars and tie-downs, three companies with agreements,
 * a year of invoices for the oldest lease, some tie-down stays.
 *
 * Runs after the main airport's demo (bootstrap.ts) and does nothing once the reliever exists,
 * so restarting a demo keeps what people changed.
 */
export const RELIEVER_AIRPORT_ID = '00000000-0000-4000-8000-000000000012';
export const RELIEVER = { code: 'L12', name: 'Pine Nut Valley Airfield', timeZone: 'America/Denver', address: '1 Airfield Rd, Pine Nut, NV', pathPrefix: 'l12' } as const;

/**
 * The reliever's companies; their users (`owner@<name>.example`) are its tenants. The demo tenant
 * (`tenant@`) acts for the first one too: one sign-in, a company at each airport, the switcher.
 */
const RELIEVER_FIELD: DemoField = {
  companyNames: ['Pine Nut Glider Works', 'Valley Crop Dusters', 'Sagebrush Flying Club'],
  numberPrefix: 'L12',
  tenantEmail: DEMO_TENANT_EMAIL,
};

/** A few hangars and tie-downs of the demo's property list. */
const RELIEVER_PROPERTIES = new Set([
  'T-Hangar A01', 'T-Hangar A02', 'T-Hangar A03', 'T-Hangar A04', 'Box Hangar 1', 'Box Hangar 2',
  'Tie-Down S-01', 'Tie-Down S-02', 'Tie-Down S-03', 'Tie-Down S-04',
]);

export async function seedDemoReliever(db: Db, config: Config, log: SeedLog): Promise<boolean> {
  if (!config.demo) return false;
  if (await findAirport(db, RELIEVER_AIRPORT_ID)) return false;
  await insertAirport(db, { id: RELIEVER_AIRPORT_ID, ...RELIEVER });
  await withAirport(RELIEVER_AIRPORT_ID, async () => {
    await seedSettingsAndAccounts(db);
    await settleEventsPublishedDuring(db, async () => {
      await seedDemoProperties(db, config, undefined, (name) => RELIEVER_PROPERTIES.has(name));
      await seedDemoCompaniesAndAgreements(db, config, RELIEVER_FIELD);
      await seedDemoBilling(db, config);
      await seedDemoTiedowns(db, config, 'demo-l12-tiedown');
    });
  });
  log.info(`Demo reliever field ${RELIEVER.code} created`);
  return true;
}

/** What a new airport needs to work (settings, master data, tie-down rates) and who works there. */
async function seedSettingsAndAccounts(db: Db): Promise<void> {
  const actor: AuditActor = { user: null, requestId: 'demo-seed' };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await ensureSystemSettings(tx);
    for (const [type, rows] of Object.entries(MASTER_DATA) as Array<[TMasterTypeName, ReadonlyArray<Record<string, unknown>>]>) {
      for (const row of rows) await createMasterRow(tx, actor, MASTER_DEFINITIONS[type], row);
    }
    await setSystemSetting(tx, actor, 'AIRPORT_NAME', RELIEVER.name);
    await setSystemSetting(tx, actor, 'TIME_ZONE', RELIEVER.timeZone);
    await seedDefaultTiedownRates(tx);
    for (const demo of DEMO_ACCOUNTS.filter((a) => a.airport === 'reliever')) {
      if (await findAccountByEmail(tx, demo.email)) continue;
      await insertAccount(tx, {
        email: demo.email, givenName: demo.givenName, familyName: demo.familyName, isInternal: demo.isInternal, isAdmin: demo.isAdmin,
        modules: demo.modules === 'all' ? [...MODULES] : [...demo.modules], companyId: null, passwordHash,
      });
    }
    // The main airport's demo administrator works here too (the switcher shows both airports).
    const admin = await findAccountByEmail(tx, DEMO_ACCOUNTS[0]!.email);
    if (admin) await recordWorkAtCurrentAirport(tx, admin.id, { isAdmin: true, modules: [...MODULES] });
  });
}
