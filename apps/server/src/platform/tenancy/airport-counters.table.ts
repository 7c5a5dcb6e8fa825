import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { airportColumn } from './airport-column';

/**
 * The airport's own numbering (invoice, receipt and asset numbers): one row per airport and
 * counter holding the last number given out. Under row-level security like every business table.
 * Numbers are taken with `apron_take_numbers(counter, n, first)` (migration 0037), which reserves a
 * block of n in one upsert; the row stays locked until the transaction ends, so two transactions
 * of one airport number one after the other and a rolled-back one gives its numbers back.
 */
export const airportCounters = pgTable(
  'airport_counters',
  {
    airportId: airportColumn(),
    name: text().notNull(),
    value: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.airportId, t.name] })],
);
