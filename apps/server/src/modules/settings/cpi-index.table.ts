import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Consumer Price Index by month (`Crud/cpiIndex`), read by CPI rent adjustments. One row per
 * `YYYY-MM`; the unique index also serves the lookups by period and the default sort.
 */
export const cpiIndex = pgTable(
  'cpi_index',
  {
    id: uuid().primaryKey().defaultRandom(),
    period: text().notNull(),
    value: numeric({ precision: 12, scale: 4, mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpi_index_period_unique').on(t.period),
    check('cpi_index_period_shape', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('cpi_index_value_positive', sql`${t.value} > 0`),
  ],
);

export type CpiIndexRow = typeof cpiIndex.$inferSelect;
