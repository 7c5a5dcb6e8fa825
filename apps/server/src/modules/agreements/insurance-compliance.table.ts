import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { propertyTypes } from '../properties/properties.table';
import { insuranceTypes } from '../settings/settings.table';
import { airportColumn } from '../../platform/tenancy/airport-column';
import { agreements, insurances } from './agreements.table';

/** Issue 24: the insurance a lease of a property of this type must carry (limits in cents). */
const requirementColumns = () => ({
  insuranceTypeId: uuid().notNull().references(() => insuranceTypes.id, { onDelete: 'restrict' }),
  minPerOccurrenceCents: bigint({ mode: 'number' }).notNull(),
  minAggregateCents: bigint({ mode: 'number' }).notNull(),
  additionalInsuredRequired: boolean().notNull().default(false),
  waiverOfSubrogationRequired: boolean().notNull().default(false),
});

export const propertyTypeInsuranceRequirements = pgTable(
  'property_type_insurance_requirements',
  {
    airportId: airportColumn(),
    propertyTypeId: uuid().notNull().references(() => propertyTypes.id, { onDelete: 'cascade' }),
    ...requirementColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyTypeId, t.insuranceTypeId] }),
    check('property_type_insurance_requirements_limits_check', sql`${t.minPerOccurrenceCents} >= 0 and ${t.minAggregateCents} >= 0`),
  ],
);

/** An agreement's own requirements; they count only while `agreements.insurance_override` is set. */
export const agreementInsuranceRequirements = pgTable(
  'agreement_insurance_requirements',
  {
    airportId: airportColumn(),
    agreementId: uuid().notNull().references(() => agreements.id, { onDelete: 'cascade' }),
    ...requirementColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.insuranceTypeId] }),
    check('agreement_insurance_requirements_limits_check', sql`${t.minPerOccurrenceCents} >= 0 and ${t.minAggregateCents} >= 0`),
  ],
);

/**
 * One row per reminder sent: the key (insurance, end date, threshold) is unique, so a second run
 * (or a second instance running at once) inserts nothing and sends nothing. The end date is part
 * of the key so that a certificate whose end date is corrected is reminded again for the new one.
 */
export const insuranceReminders = pgTable(
  'insurance_reminders',
  {
    airportId: airportColumn(),
    insuranceId: uuid().notNull().references(() => insurances.id, { onDelete: 'cascade' }),
    endDate: date({ mode: 'string' }).notNull(),
    thresholdDays: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.insuranceId, t.endDate, t.thresholdDays] }), index('insurance_reminders_sent_idx').on(t.airportId, t.sentAt)],
);

export type PropertyTypeRequirementRow = typeof propertyTypeInsuranceRequirements.$inferSelect;
