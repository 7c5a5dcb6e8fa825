import { index, date, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Closed accounting periods: each row closes the books through `closedThrough` (inclusive).
 * Invoices dated on or before the latest close cannot be created, changed, cancelled or paid
 * (`assertInvoiceDateOpen`, called by the invoices write paths). Rows are only ever added.
 */
export const invoicePeriodCloses = pgTable(
  'invoice_period_closes',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    closedThrough: date({ mode: 'string' }).notNull(),
    closedBy: uuid(),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_period_closes_through_idx').on(t.closedThrough)],
);
