import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';

// Renders like the app's databases (openPglite / openPostgres use the same casing).
const dialect = new PgDialect({ casing: 'snake_case' });

/** `slot('companyId')`: the placeholder of a value, by its name in the statement's values. */
export type Slots<V> = <K extends keyof V & string>(name: K) => Placeholder<K, V[K]>;

const slot = ((name: string) => sql.placeholder(name)) as Slots<Record<string, unknown>>;

/**
 * A statement on a path that runs hundreds of times a second (pay from balance): composed and
 * rendered to SQL text ONCE, with a named placeholder for every value, then sent as a named
 * prepared statement. Per request neither Drizzle rebuilds the fragments nor PostgreSQL parses
 * and plans the text again (node-postgres keeps the statement per connection; PGlite ignores the
 * name). Its rows come back as `tx.execute` gives them (json columns parsed, timestamps as text).
 *
 * The text must be the same whatever the values: a variant (an optional CTE) is a second
 * statement with its own name. `build` gets `slot(name)` for the values' placeholders.
 */
export function hotStatement<V extends Record<string, unknown>, R extends Record<string, unknown>>(
  name: string,
  build: (slot: Slots<V>) => SQL,
): (db: DbOrTx, values: V) => Promise<R[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build(slot as Slots<V>));
    return rowsOf<R>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
  };
}
