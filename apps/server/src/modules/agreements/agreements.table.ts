import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { insuranceTypes, invoiceCycles, paymentTypes } from '../settings/settings.table';
import { properties } from '../properties/properties.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/** Lease agreements between the airport and an owner (company). Dates are calendar dates. */
export const agreements = pgTable(
  'agreements',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    agreementNum: text().notNull(),
    description: text().notNull(),
    status: text().notNull().default('Active'),
    startDate: date({ mode: 'string' }).notNull(),
    /** Only for renewable agreements; null is open-ended. */
    endDate: date({ mode: 'string' }),
    renewable: boolean().notNull().default(false),
    leaseTerms: text().notNull().default(''),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    invoiceCycleId: uuid().notNull().references(() => invoiceCycles.id, { onDelete: 'restrict' }),
    rentAdjustmentTypeId: uuid().notNull().references(() => paymentTypes.id, { onDelete: 'restrict' }),
    adjustmentDate: date({ mode: 'string' }),
    adjustmentFreq: integer(),
    /** The lease's id in the airport's old system (issue 23 import): re-importing it updates this row. */
    externalId: text(),
    /** GASB 87 (docs/gasb87.md): the renewal is reasonably certain to be exercised, up to `gasbRenewalEnd`. */
    gasbRenewalCertain: boolean().notNull().default(false),
    gasbRenewalEnd: date({ mode: 'string' }),
    /** Annual discount rate in percent for this lease; null uses System Settings GASB87_DISCOUNT_RATE. */
    gasbDiscountRate: numeric({ precision: 7, scale: 4, mode: 'number' }),
    /** A regulated aviation lease (GASB 87 paragraphs 42-43): disclosed, not measured. */
    gasbRegulated: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('agreements_gasb_rate_check', sql`${t.gasbDiscountRate} is null or ${t.gasbDiscountRate} between 0 and 100`),
    check('agreements_gasb_renewal_check', sql`${t.gasbRenewalEnd} is null or ${t.gasbRenewalEnd} >= ${t.startDate}`),
    uniqueIndex('agreements_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
    check('agreements_status_check', sql`${t.status} in ('Active', 'Archived', 'Expiring Soon', 'Expired')`),
    check('agreements_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    uniqueIndex('agreements_number_unique').on(t.airportId, sql`lower(${t.agreementNum})`),
    index('agreements_company_start_idx').on(t.companyId, t.startDate, t.id),
    index('agreements_start_idx').on(t.airportId, t.startDate, t.id),
    index('agreements_end_idx').on(t.airportId, t.endDate),
    index('agreements_status_idx').on(t.airportId, t.status, t.startDate),
    index('agreements_title_idx').on(t.airportId, sql`lower(${t.title})`),
    index('agreements_created_idx').on(t.airportId, t.createdAt),
  ],
);

/**
 * The properties of an agreement. The agreement's period and whether it is archived are copied
 * here (kept in step by the service in the same transaction) so that the exclusion constraint
 * `agreement_properties_no_overlap` of the custom migration can refuse two live agreements of one
 * property over overlapping periods: the database decides, so two simultaneous requests cannot
 * both win.
 */
export const agreementProperties = pgTable(
  'agreement_properties',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid().notNull().references(() => agreements.id, { onDelete: 'cascade' }),
    propertyId: uuid().notNull().references(() => properties.id, { onDelete: 'restrict' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    archived: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreement_properties_pair_unique').on(t.agreementId, t.propertyId),
    index('agreement_properties_property_idx').on(t.propertyId, t.startDate),
  ],
);

export const securityDeposits = pgTable(
  'security_deposits',
  {
    airportId: airportColumn(),
    agreementPropertyId: uuid().primaryKey().references(() => agreementProperties.id, { onDelete: 'cascade' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
    received: boolean().notNull().default(false),
    returned: boolean().notNull().default(false),
    paymentDate: date({ mode: 'string' }),
    returnDate: date({ mode: 'string' }),
    paymentMethod: text(),
    returnDesc: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('security_deposits_amount_check', sql`${t.amountCents} >= 0`),
    check('security_deposits_method_check', sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('Cash', 'Check', 'Card')`),
  ],
);

export const insurances = pgTable(
  'insurances',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    agreementPropertyId: uuid().notNull().references(() => agreementProperties.id, { onDelete: 'cascade' }),
    insuranceTypeId: uuid().notNull().references(() => insuranceTypes.id, { onDelete: 'restrict' }),
    maxCoverageCents: bigint({ mode: 'number' }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    isApproved: boolean().notNull().default(false),
    /** When Lease admins were alerted that it ends soon (once; cleared when the end date moves). */
    expiryAlertedAt: timestamp({ withTimezone: true }),
    /** The certificate's id in the airport's old system (issue 23 import): re-importing it updates this row. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('insurances_coverage_check', sql`${t.maxCoverageCents} >= 0`),
    check('insurances_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    index('insurances_link_idx').on(t.agreementPropertyId, t.startDate),
    index('insurances_end_idx').on(t.endDate),
    uniqueIndex('insurances_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Tenant / aircraft records of a property of an agreement (the "Tenants" sub-screen). */
export const aircraft = pgTable(
  'aircraft',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    agreementPropertyId: uuid().notNull().references(() => agreementProperties.id, { onDelete: 'cascade' }),
    tailNumber: text().notNull(),
    make: text().notNull().default(''),
    model: text().notNull().default(''),
    airCraftType: text().notNull(),
    ownerOrTenant: text().notNull(),
    owner: text().notNull().default(''),
    address1: text().notNull().default(''),
    address2: text().notNull().default(''),
    insurance: text().notNull().default('N/A'),
    start: date({ mode: 'string' }),
    end: date({ mode: 'string' }),
    facilityCode: text().notNull().default(''),
    accessCardNo: text().notNull().default(''),
    email: text().notNull().default(''),
    comments: text().notNull().default(''),
    faaRegistry: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'aircraft_type_check',
      sql`${t.airCraftType} in ('Single-Engine', 'Multi-Engine', 'Jet', 'Helicopter', 'Glider', 'Ultralight', 'Military', 'Non-5010')`,
    ),
    check('aircraft_owner_kind_check', sql`${t.ownerOrTenant} in ('Owner', 'Tenant')`),
    check('aircraft_insurance_check', sql`${t.insurance} in ('Approved', 'Not Approved', 'N/A')`),
    index('aircraft_link_idx').on(t.agreementPropertyId, t.tailNumber),
  ],
);

export type AgreementRow = typeof agreements.$inferSelect;
export type AgreementPropertyRow = typeof agreementProperties.$inferSelect;
export type SecurityDepositRow = typeof securityDeposits.$inferSelect;
export type InsuranceRow = typeof insurances.$inferSelect;
export type AircraftRow = typeof aircraft.$inferSelect;
