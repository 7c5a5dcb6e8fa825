import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';
import { airports } from './airports.table';

/**
 * The airport a business row belongs to. The default is the airport of the connection
 * (`apron_airport()`, the `apron.airport_id` setting made by the database client), so inserts
 * never name it and cannot name another: the row-level security policy checks it on write too.
 * With no airport set the default is null and the insert fails (fail closed).
 */
export function airportColumn() {
  return uuid()
    .notNull()
    .default(sql`apron_airport()`)
    .references(() => airports.id);
}
