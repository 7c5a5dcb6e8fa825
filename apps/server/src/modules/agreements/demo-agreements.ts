import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { addCalendarDays, daysBetween, deriveAgreementStatus, type TAgreementStatus } from '@apron/core';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { findAccountByEmail, insertAccount, type AccountRow } from '../accounts/index';
import { updateAccountRow } from '../../platform/auth/accounts.repo';
import { linkCompanyAtCurrentAirport } from '../../platform/tenancy/index';
import { findCompanyIdsByName } from '../companies/companies.seed-support';
import { insertCompany } from '../companies/index';
import { listActivePropertyRents } from '../properties/properties.seed-support';
import { listAllMasterRows, MASTER_DEFINITIONS } from '../settings/settings.seed-support';
import { agreementProperties, agreements, aircraft, insurances, securityDeposits } from './agreements.table';
import { seedDemoInsuranceRequirements } from './demo-insurance-requirements';
import { leaseCalendar } from './lease-calendar';

/**
 * Demo data (issue 4 item 12): 25 owners with users (the demo tenant account belongs to the
 * first), about 60 agreements over the demo properties — active, expiring soon, expired,
 * archived — with deposits, insurances (some expiring) and aircraft. Dates are relative to today
 * so the demo always shows every status. Idempotent: companies are matched by name and the
 * agreements are added once (when the demo properties and settings master data are there).
 */
export const DEMO_TENANT_EMAIL = 'tenant@demo.apron.test';

const COMPANY_NAMES = [
  'Sierra Skies Aviation', 'Carson Valley Flyers', 'Washoe Aero Services', 'High Desert Helicopters', 'Tahoe Jet Charter',
  'Pine Nut Flight School', 'Silver State Avionics', 'Comstock Air Maintenance', 'Eagle Valley Ranch', 'Genoa Glider Club',
  'Minden Soaring Partners', 'Blue Ridge Aerial Survey', 'Great Basin Air Ambulance', 'Reno Stead Restorations', 'Jacks Valley Aviation',
  'Mt. Rose Medical Flights', 'Nevada Fire Aviation', 'Kingsbury Air Taxi', 'Pinyon Aircraft Sales', 'Douglas County Sheriff Air Unit',
  'Topaz Lake Seaplanes', 'Walker River Ag Aviation', 'Clear Creek Holdings', 'Dresslerville Drone Works', 'Alpine Aviation Insurance Brokers',
] as const;

const MAKES = [
  ['Cessna', '172S', 'Single-Engine'], ['Piper', 'PA-28-181', 'Single-Engine'], ['Beechcraft', 'Baron 58', 'Multi-Engine'],
  ['Cirrus', 'SR22', 'Single-Engine'], ['Robinson', 'R44', 'Helicopter'], ['Schleicher', 'ASK 21', 'Glider'],
  ['Cessna', 'Citation CJ3', 'Jet'], ['Van\'s', 'RV-7', 'Non-5010'],
] as const;

/**
 * Which demo companies an airport gets: the main airport's 25, or the demo's reliever field's few
 * (demo/reliever.ts); their agreement numbers' prefix; and the demo account (if any) that becomes a
 * user of the first company.
 */
export interface DemoField {
  companyNames: readonly string[];
  numberPrefix: string;
  tenantEmail: string | null;
}

const MAIN_FIELD: DemoField = { companyNames: COMPANY_NAMES, numberPrefix: 'CXP', tenantEmail: DEMO_TENANT_EMAIL };

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export async function seedDemoCompaniesAndAgreements(
  db: Db,
  config: Pick<Config, 'demo'>,
  field: DemoField = MAIN_FIELD,
): Promise<{ companies: number; agreements: number }> {
  if (!config.demo) return { companies: 0, agreements: 0 };
  return db.transaction(async (tx) => {
    const companyIds = await seedCompanies(tx, field);
    // Agreements need the demo properties: when they are not there yet, a later start adds them.
    const first = `${field.numberPrefix}-1001`;
    const [seeded] = await tx.select({ id: agreements.id }).from(agreements).where(eq(agreements.agreementNum, first)).limit(1);
    const created = seeded ? 0 : await seedAgreements(tx, companyIds, field.numberPrefix);
    return { companies: companyIds.created, agreements: created };
  });
}

/** The demo companies by name (created when missing) and their users. */
async function seedCompanies(tx: Tx, field: DemoField): Promise<{ ids: string[]; created: number }> {
  const names = field.companyNames;
  const existing = await findCompanyIdsByName(tx, names);
  if (existing.size === names.length) return { ids: names.map((n) => existing.get(n)!), created: 0 };
  const companyIds: string[] = [];
  let created = 0;
  for (const [i, name] of names.entries()) {
    const known = existing.get(name);
    if (known) {
      companyIds.push(known);
      continue;
    }
    const domain = `${slug(name)}.example`;
    const row = await insertCompany(tx, {
        name,
        description: i % 3 === 0 ? 'Hangar tenant and aircraft owner' : i % 3 === 1 ? 'Aviation business on the field' : 'Private aircraft owner',
        address1: `${100 + i * 7} ${['Airport Rd', 'Heritage Way', 'Taxiway B', 'Johnson Ln'][i % 4]}`,
        city: ['Minden', 'Gardnerville', 'Carson City', 'Reno'][i % 4]!,
        state: 'NV',
        zip: ['89423', '89410', '89701', '89506'][i % 4]!,
        email: `office@${domain}`,
        phone: `775555${String(1000 + i).padStart(4, '0')}`,
        contactName: ['Jordan Reyes', 'Casey Nguyen', 'Morgan Blake', 'Riley Chen', 'Quinn Foster'][i % 5]!,
        contactPhone: `775556${String(2000 + i).padStart(4, '0')}`,
        isPaperless: i % 2 === 0,
        status: i === 23 ? 'Inactive' : i === 24 || i === 22 ? 'Approval Needed' : 'Active',
    });
    companyIds.push(row.id);
    created += 1;
    // One or two users per company; they sign in after choosing a password (invitation link).
    for (let u = 0; u < (i % 3 === 0 ? 2 : 1); u++) {
      const email = u === 0 ? `owner@${domain}` : `ops@${domain}`;
      await insertAccount(tx, { email, givenName: u === 0 ? 'Owner' : 'Operations', familyName: name.split(' ')[0]!, isInternal: false, isAdmin: false, modules: [], companyId: row.id, enabled: i !== 23 });
    }
  }
  // The demo tenant account acts for the first company (when the demo accounts exist); at a
  // second airport too (the reliever), so the switcher shows for them.
  const tenant = field.tenantEmail ? await findAccountByEmail(tx, field.tenantEmail) : null;
  if (tenant) await linkDemoTenant(tx, tenant, companyIds[0]!);
  return { ids: companyIds, created };
}

async function linkDemoTenant(tx: Tx, tenant: AccountRow, companyId: string): Promise<void> {
  await linkCompanyAtCurrentAirport(tx, tenant.id, companyId);
  if (!tenant.companyId) await updateAccountRow(tx, tenant.id, { companyId });
}

async function seedAgreements(tx: Tx, companyIds: { ids: string[] }, numberPrefix: string): Promise<number> {
  const { today, windowDays } = await leaseCalendar(tx);

  // Through their owners, one after another (a transaction is one connection), each by name.
  // A property under a current lease is never Inactive (PRODUCT-RULES 31): Inactive ones stay unleased.
  const props = await listActivePropertyRents(tx);
  const ids = async (type: 'invoiceCycles' | 'paymentTypes' | 'insuranceTypes') => (await listAllMasterRows(tx, MASTER_DEFINITIONS[type])).map((row) => ({ id: row.id as string }));
  const cycles = await ids('invoiceCycles');
  const payTypes = await ids('paymentTypes');
  const insTypes = await ids('insuranceTypes');
  if (props.length === 0 || cycles.length === 0 || payTypes.length === 0) return 0;
  const requiredCoverage = await seedDemoInsuranceRequirements(tx);

  const active = companyIds.ids.slice(0, 22); // Active owners only
  let number = 1000;
  let created = 0;
  const addAgreement = async (spec: { company: string; start: string; end: string | null; archived?: boolean; props: typeof props; k: number }) => {
    const status: TAgreementStatus = deriveAgreementStatus(spec.archived ? 'Archived' : 'Active', spec.end, today, windowDays);
    const [a] = await tx
      .insert(agreements)
      .values({
        title: `${spec.props.map((p) => p.name).join(' & ')} lease`,
        agreementNum: `${numberPrefix}-${++number}`,
        description: `Lease of ${spec.props.map((p) => p.name).join(', ')}`,
        status,
        startDate: spec.start,
        endDate: spec.end,
        renewable: spec.end !== null,
        leaseTerms: spec.end ? `Term of ${Math.round(daysBetween(spec.start, spec.end) / 30)} months, renewable by mutual agreement.` : 'Month to month.',
        companyId: spec.company,
        invoiceCycleId: cycles[spec.k % cycles.length]!.id,
        rentAdjustmentTypeId: payTypes[spec.k % payTypes.length]!.id,
        adjustmentDate: spec.end ? addCalendarDays(spec.start, 365) : null,
        adjustmentFreq: 12,
      })
      .returning({ id: agreements.id });
    created += 1;
    for (const [j, p] of spec.props.entries()) {
      const [link] = await tx
        .insert(agreementProperties)
        .values({ agreementId: a!.id, propertyId: p.id, startDate: spec.start, endDate: spec.end, archived: status === 'Archived' })
        .returning({ id: agreementProperties.id });
      if ((spec.k + j) % 5 !== 4) {
        await tx.insert(securityDeposits).values({
          agreementPropertyId: link!.id, amountCents: p.rentCents * 2, received: true, returned: status === 'Expired' || status === 'Archived',
          paymentDate: spec.start, paymentMethod: (['Check', 'Card', 'Cash'] as const)[spec.k % 3], returnDesc: '',
        });
      }
      if (insTypes.length > 0) {
        // Every seventh current lease has an insurance ending within the window (alerts, reports).
        const insEnd = status === 'Active' && spec.k % 7 === 0 ? addCalendarDays(today, 10 + (spec.k % 20)) : addCalendarDays(spec.start, 365 * 3);
        const coverageCents = (1 + (spec.k % 5)) * 100_000_000;
        // Most carry the coverage their property's type requires; every sixth another one (Deficient).
        const required = requiredCoverage.get(p.propertyTypeId);
        const insuranceTypeId = required && (spec.k + j) % 6 !== 5 ? required : insTypes[spec.k % insTypes.length]!.id;
        await tx.insert(insurances).values({
          agreementPropertyId: link!.id, insuranceTypeId, maxCoverageCents: coverageCents, additionalInsured: spec.k % 3 !== 2,
          startDate: spec.start, endDate: insEnd < spec.start ? spec.start : insEnd, isApproved: spec.k % 4 !== 0,
          approvalStatus: spec.k % 4 !== 0 ? 'Approved' : 'Pending', perOccurrenceLimitCents: coverageCents, aggregateLimitCents: coverageCents * 2,
        });
      }
      if (spec.k % 2 === 0) {
        const [make, model, type] = MAKES[spec.k % MAKES.length]!;
        await tx.insert(aircraft).values({
          agreementPropertyId: link!.id, tailNumber: `N${100 + spec.k}${String.fromCharCode(65 + (spec.k % 26))}${String.fromCharCode(65 + ((spec.k * 7) % 26))}`,
          make, model, airCraftType: type, ownerOrTenant: spec.k % 3 === 0 ? 'Tenant' : 'Owner', owner: 'Registered owner',
          insurance: spec.k % 4 === 0 ? 'Not Approved' : 'Approved', start: spec.start, end: spec.end,
          facilityCode: `F-${spec.k}`, accessCardNo: String(40_000 + spec.k),
        });
      }
    }
  };

  // Current leases (starting at most 735 days ago): most properties, some with two; the ends are
  // spread so that every status shows up (open-ended, expiring soon, just expired, active).
  let k = 0;
  const history: typeof props = [];
  for (let i = 0; i < props.length && k < 34; ) {
    const two = i % 9 === 0 && i + 1 < props.length;
    const group = props.slice(i, i + (two ? 2 : 1));
    i += group.length;
    if (i % 11 === 10) continue; // a few stay available
    // The demo tenant's company holds the first lease: it began over a year ago, so the demo
    // billing gives the tenant a year of invoices to see and pay (issue 9 item 13).
    const start = k === 0 ? addCalendarDays(today, -400) : addCalendarDays(today, -60 - (k % 10) * 75);
    const end = k % 6 === 0 ? null : k % 6 === 1 ? addCalendarDays(today, 5 + (k % 50)) : k % 6 === 2 ? addCalendarDays(today, -5 - (k % 40)) : addCalendarDays(today, 120 + k * 20);
    await addAgreement({ company: active[k % active.length]!, start, end, props: group, k });
    history.push(...group);
    k += 1;
  }
  // Past leases of the same properties, ended before the current one began: expired and archived.
  for (const [j, p] of history.entries()) {
    if (k >= 62) break;
    const end = addCalendarDays(today, -800 - j * 3);
    await addAgreement({ company: active[(j * 5) % active.length]!, start: addCalendarDays(end, -365), end, archived: j % 3 === 0, props: [p], k });
    k += 1;
  }
  return created;
}

/** The demo tenant company's current lease (the first Active one by number), for the demo seed. */
export async function findDemoTenantLease(db: Db, companyId: string): Promise<{ id: string; agreementNum: string; title: string } | null> {
  const [row] = await db
    .select({ id: agreements.id, agreementNum: agreements.agreementNum, title: agreements.title })
    .from(agreements)
    .where(sql`${agreements.companyId} = ${companyId} and ${agreements.status} = 'Active'`)
    .orderBy(asc(agreements.agreementNum))
    .limit(1);
  return row ?? null;
}

/**
 * The first `limit` Active agreements by number that started by `startedBy`, with what a rent
 * invoice needs of them (the demo billing gives each a year of invoices).
 */
export async function listDemoBillableAgreements(
  db: Db,
  startedBy: string,
  limit: number,
): Promise<Array<{ id: string; companyId: string; title: string; agreementNum: string; invoiceCycleId: string }>> {
  return db
    .select({ id: agreements.id, companyId: agreements.companyId, title: agreements.title, agreementNum: agreements.agreementNum, invoiceCycleId: agreements.invoiceCycleId })
    .from(agreements)
    .where(and(eq(agreements.status, 'Active'), lte(agreements.startDate, startedBy)))
    .orderBy(asc(agreements.agreementNum))
    .limit(limit);
}
