import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agreements } from '../agreements/agreements.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * GASB 87 measurements of a lease (docs/gasb87.md), kept as versions: the first at commencement,
 * one more per modification of term or rent. A version is in force from `validFrom` until the next
 * one's `validFrom` (`validUntil`, null for the latest); a version superseded on its own first day
 * (`validUntil = validFrom`) never took effect but stays as history. Amounts are integer cents.
 */
export const gasb87Measurements = pgTable(
  'gasb87_measurements',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid().notNull().references(() => agreements.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    reason: text().notNull(),
    /** 'short-term' or 'regulated': disclosed, not measured (zero amounts, no rows). */
    exclusion: text(),
    validFrom: date({ mode: 'string' }).notNull(),
    validUntil: date({ mode: 'string' }),
    commencement: date({ mode: 'string' }).notNull(),
    termEnd: date({ mode: 'string' }),
    ratePercent: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull(),
    receivableCents: bigint({ mode: 'number' }).notNull(),
    deferredInflowCents: bigint({ mode: 'number' }).notNull(),
    /** What this version changed the receivable (and the deferred inflow) by. */
    changeCents: bigint({ mode: 'number' }).notNull(),
    /** The inputs measured (term, rate, payments): a change that alters none of them makes no version. */
    inputsHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gasb87_measurements_version_unique').on(t.agreementId, t.version),
    index('gasb87_measurements_airport_idx').on(t.airportId, t.validFrom),
    check('gasb87_measurements_reason_check', sql`${t.reason} in ('commencement', 'modification')`),
    check('gasb87_measurements_exclusion_check', sql`${t.exclusion} is null or ${t.exclusion} in ('short-term', 'regulated')`),
    check('gasb87_measurements_validity_check', sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`),
  ],
);

/** The effective-interest schedule of a measurement: one row per payment date. */
export const gasb87ScheduleRows = pgTable(
  'gasb87_schedule_rows',
  {
    airportId: airportColumn(),
    measurementId: uuid().notNull().references(() => gasb87Measurements.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    date: date({ mode: 'string' }).notNull(),
    paymentCents: bigint({ mode: 'number' }).notNull(),
    interestCents: bigint({ mode: 'number' }).notNull(),
    principalCents: bigint({ mode: 'number' }).notNull(),
    balanceCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.measurementId, t.seq] }),
    // The roll-forward sums a fiscal year's rows of every lease; the balance at a date is the last row before it.
    index('gasb87_schedule_rows_date_idx').on(t.airportId, t.date),
    index('gasb87_schedule_rows_measurement_date_idx').on(t.measurementId, t.date),
  ],
);

export type Gasb87MeasurementRow = typeof gasb87Measurements.$inferSelect;
export type Gasb87ScheduleRowRow = typeof gasb87ScheduleRows.$inferSelect;
