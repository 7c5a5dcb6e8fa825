import { MODULES, type TMasterTypeName } from '@apron/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { hashPassword } from '../platform/auth/passwords';
import type { AuditActor } from '../platform/audit/audit';
import { findAccountByEmail, insertAccount } from '../modules/accounts/index';
import { createMasterRow, MASTER_DEFINITIONS, setSystemSetting } from '../modules/settings/settings.seed-support';
import { ensureSystemSettings } from '../modules/settings/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

/**
 * Demo data (APRON_DEMO=1): the demo accounts and settings master data that look like a small
 * real airport. Runs at start-up, all in one transaction, and does nothing when the demo admin
 * account already exists, so restarting a demo keeps what people changed.
 */
export const DEMO_AIRPORT_NAME = 'Carson Valley Municipal Airport';

export const MASTER_DATA: Partial<Record<TMasterTypeName, ReadonlyArray<Record<string, unknown>>>> = {
  documentTypes: [
    { name: 'Lease', description: 'Signed lease agreements and amendments' },
    { name: 'Insurance Certificate', description: 'Certificates of insurance naming the airport as additional insured' },
    { name: 'Aircraft Registration', description: 'FAA certificate of aircraft registration' },
    { name: 'Invoice', description: 'Invoices and receipts' },
    { name: 'Photo', description: 'Photos of hangars, tie-downs and aircraft' },
    { name: 'Other', description: 'Anything else' },
  ],
  insuranceTypes: [
    { name: 'Hangarkeepers Liability', description: 'Damage to aircraft in the care of the tenant' },
    { name: 'Aircraft Hull', description: 'Physical damage to the aircraft' },
    { name: 'General Liability', description: 'Bodily injury and property damage to third parties' },
    { name: 'Premises Liability', description: 'Injuries on the leased premises' },
  ],
  invoiceCycles: [
    { name: 'Monthly', description: 'Invoiced on the 1st of every month', dueDays: 30, expression: '0 6 1 * *' },
    { name: 'Quarterly', description: 'Invoiced on the 1st of January, April, July and October', dueDays: 30, expression: '0 6 1 */3 *' },
    { name: 'Annual', description: 'Invoiced on January 1st', dueDays: 45, expression: '0 6 1 1 *' },
  ],
  paymentTypes: [
    { name: 'CPI annual adjustment', description: 'Rent follows the Consumer Price Index (CPI-U) once a year; the value is the minimum increase in percent', skuType: 'CPI', skuValue: 2, lateFee: 5 },
    { name: 'Flat $25 increase', description: 'Rent rises by $25 at each adjustment', skuType: 'Flat', skuValue: 25, lateFee: 5 },
    { name: '3% annual increase', description: 'Rent rises by 3% every year', skuType: 'Percent', skuValue: 3, lateFee: 10 },
  ],
  notices: [
    {
      name: 'Invoice ready',
      description: 'Sent to the tenant when an invoice is created',
      key: 'invoice.created',
      module: 'Invoices',
      template: '<p>Hello {{companyName}},</p><p>Invoice <strong>{{invoiceNumber}}</strong> for {{amountDue}} is due on {{dueDate}}.</p>',
    },
    {
      name: 'Waitlist welcome',
      description: 'Sent when someone joins the hangar waitlist',
      key: 'waitlist.joined',
      module: 'Waitlist',
      template: '<p>Thank you for joining the waitlist for {{propertyType}}. We will contact you when a space opens.</p>',
    },
  ],
  notifications: [
    { name: 'New lease agreement', module: 'Lease', trigger: 'Created', notify: 'Both', template: '<p>A lease agreement {{agreementNum}} was created.</p>' },
    { name: 'Invoice changed', module: 'Invoices', trigger: 'Updated', notify: 'External', template: '<p>Invoice {{invoiceNumber}} was updated.</p>' },
  ],
};

export interface SeedLog {
  info(message: string): void;
}

/** Returns whether it seeded (false when the demo data was already there). */
export async function seedDemo(db: Db, config: Pick<Config, 'demo'>, log: SeedLog): Promise<boolean> {
  if (!config.demo) return false;
  if (await findAccountByEmail(db, DEMO_ACCOUNTS[0]!.email)) {
    log.info('Demo data already present; not seeding again');
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const actor: AuditActor = { user: null, requestId: 'demo-seed' };
  await db.transaction(async (tx) => {
    await ensureSystemSettings(tx);
    // The reliever's administrator is created with the reliever (demo/reliever.ts).
    for (const demo of DEMO_ACCOUNTS.filter((a) => a.airport === 'main')) {
      await insertAccount(tx, {
        email: demo.email,
        givenName: demo.givenName,
        familyName: demo.familyName,
        isInternal: demo.isInternal,
        isAdmin: demo.isAdmin,
        // The demo's admin is the authority's administrator (creates airports, consolidated reports).
        isAuthorityAdmin: demo.isAdmin,
        modules: demo.modules === 'all' ? [...MODULES] : [...demo.modules],
        // The tenant's company is linked by the companies seed once that module exists.
        companyId: null,
        passwordHash,
      });
    }
    for (const [type, rows] of Object.entries(MASTER_DATA) as Array<[TMasterTypeName, ReadonlyArray<Record<string, unknown>>]>) {
      for (const row of rows) await createMasterRow(tx, actor, MASTER_DEFINITIONS[type], row);
    }
    await setSystemSetting(tx, actor, 'AIRPORT_NAME', DEMO_AIRPORT_NAME);
  });
  log.info(`Demo data created: ${DEMO_ACCOUNTS.filter((a) => a.airport === 'main').length} accounts with the password ${DEMO_PASSWORD}`);
  return true;
}
