import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { invoices } from '../invoices/invoices.table';
import { payments } from '../payments/payments.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * The nightly rate per aircraft type (PRODUCT-RULES 9). The six types of doc 2 §9 are fixed (the
 * spec: "exactly these six entries"), so the table has one row each, inserted with the spec's
 * rates by the migration; Settings admins change the rate, never the list.
 */
export const tiedownRates = pgTable(
  'tiedown_rates',
  {
    airportId: airportColumn(),
    aircraftType: text().notNull(),
    rateCents: bigint({ mode: 'number' }).notNull(),
    sortOrder: integer().notNull(),
    updatedBy: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.airportId, t.aircraftType] }), check('tiedown_rates_rate_check', sql`${t.rateCents} > 0 and ${t.rateCents} <= 10000000`)],
);

/**
 * Tie-down requests (doc 1 §3). `begin_date`/`end_date` are airport calendar dates; `nights`,
 * `rate_cents` and `amount_cents` are the server's quote at the time (0 when payment was off, and
 * then no invoice). A paid request carries its invoice and payment, written in one transaction
 * with it. `idempotency_key` makes a repeated Submit answer the first request.
 */
export const tiedownRequests = pgTable(
  'tiedown_requests',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    beginDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    aircraftType: text().notNull(),
    aircraftNum: text().notNull(),
    vehicleNum: text().notNull().default(''),
    space: text().notNull().default(''),
    nights: integer().notNull(),
    rateCents: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    paymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    idempotencyKey: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tiedown_requests_dates_check', sql`${t.endDate} > ${t.beginDate} and ${t.nights} = ${t.endDate} - ${t.beginDate}`),
    check('tiedown_requests_amount_check', sql`${t.amountCents} >= 0 and ${t.rateCents} >= 0`),
    // Paid: an invoice and its payment; free: neither.
    check('tiedown_requests_paid_check', sql`(${t.amountCents} > 0) = (${t.invoiceId} is not null) and (${t.invoiceId} is null) = (${t.paymentId} is null)`),
    uniqueIndex('tiedown_requests_key_unique').on(t.idempotencyKey),
    // The grid: newest arrival first (an index walk that stops at the page); Ktrm by arrival date.
    index('tiedown_requests_begin_idx').on(t.airportId, t.beginDate, t.id),
    index('tiedown_requests_type_begin_idx').on(t.airportId, t.aircraftType, t.beginDate),
    // An external user's own requests.
    index('tiedown_requests_created_by_idx').on(t.createdBy, t.beginDate),
  ],
);

/** The company the pilots' invoices are billed to (invoices need a payer company): one row. */
export const tiedownPayer = pgTable(
  'tiedown_payer',
  {
    airportId: airportColumn(),
    id: integer().notNull().default(1),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
  },
  // One row per airport.
  (t) => [primaryKey({ columns: [t.airportId, t.id] }), check('tiedown_payer_one_row', sql`${t.id} = 1`)],
);

export type TiedownRequestRow = typeof tiedownRequests.$inferSelect;
