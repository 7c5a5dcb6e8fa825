import { is, Placeholder, sql, StringChunk, type SQL, type SQLChunk, type WithSubquery } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import { DB_CASING } from './casing';
import type { Db, DbOrTx } from './client';
import { connectionHandleOf } from './connections';

/**
 * Composed statements on a path that runs hundreds of times a second (pay from balance), through
 * Drizzle's public API only: each module exports its part as a CTE (`cte`), the caller lists them
 * in `db.with(...)`, selects what it needs and sends it with `.prepare(name)`, a named prepared
 * statement in the caller's transaction. Values are placeholders (`sql.placeholder`, typed by
 * `Slots`), so the text is the same on every call: node-postgres parses and plans it once per
 * connection and then only binds the values; PGlite ignores the name. Each CTE is rendered to
 * text once, when it is made (`cte`): Drizzle renders a statement again on every `.prepare()`,
 * and the payment statement's ~60 fragments took ~0.35 ms to render, a tenth of a payment's CPU.
 * In a transaction from `Database.transaction` (PostgreSQL), the prepared query is made once per
 * connection and kept (db/connections.ts): no composing or rendering per call at all.
 */

/** `slot('companyId')`: the placeholder of a value, by its name in the statement's values. */
export type Slots<V> = <K extends keyof V & string>(name: K) => Placeholder<K, V[K]>;

/** The typed placeholders of a statement whose values are `V`. */
export function slotsOf<V>(): Slots<V> {
  return ((name: string) => sql.placeholder(name)) as Slots<V>;
}

// CTEs whose body is SQL need no database: a bare query builder makes them (Drizzle's `$with`).
const ctes = new QueryBuilder({ casing: DB_CASING });
// Renders as the app's databases do (same casing).
const dialect = new PgDialect({ casing: DB_CASING });

/**
 * `fragment` rendered to text now, as SQL of that text and its parameters (values and
 * placeholders): the same statement, but rendering it again only joins a few strings.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  const pieces = text.split(/\$(\d+)\b/); // text, parameter number, text, ...
  const numbers = pieces.filter((_, i) => i % 2 === 1).map(Number);
  // Each $n once and in order, or the text holds a '$' of its own: refuse it rather than mis-bind.
  if (numbers.length !== params.length || numbers.some((n, i) => n !== i + 1)) throw new Error(`Cannot render once: ${text}`);
  return sql.join(pieces.map((piece, i) => (i % 2 === 0 ? new StringChunk(piece) : asParameter(params[Number(piece) - 1]))));
}

/** A parameter of a rendered fragment: a placeholder stays one, a value is bound as it was sent. */
function asParameter(param: unknown): SQLChunk {
  return is(param, Placeholder) ? param : sql.param(param);
}

/**
 * One CTE of a composed statement, `name as (body)`: a select, or a data-modifying statement
 * with `returning`. Later CTEs and the final select refer to its columns by name. Its body is
 * rendered once, here (`renderedOnce`).
 */
export function cte(name: string, body: SQL): WithSubquery {
  return ctes.$with(name, {}).as(renderedOnce(body));
}

/** A composed statement: its CTEs in order, the final select's fields and its `from`. */
export interface ComposedStatement<F extends SelectedFields> {
  with: readonly WithSubquery[];
  select: F;
  from: SQL;
}

/**
 * A composed statement sent as the named prepared statement `name` on the connection of `db`
 * (the caller's transaction). `build` runs once, on the first call (the parts come from other
 * modules, which may not be loaded yet when this module is); it gets `slot(name)` for the
 * values' placeholders. The text must not depend on the values: a variant (an optional CTE) is a
 * second statement with its own name. Rows come back by the select's field names (json columns
 * parsed, timestamps as text, as both drivers give them through Drizzle).
 *
 * When `db` is a transaction of `Database.transaction`, the prepared query is made through its
 * connection's handle on the first call on that connection and reused on every later one (it
 * runs on the same connection, so in the transaction); otherwise it is made per call on `db`.
 */
export function preparedStatement<V extends Record<string, unknown>, F extends SelectedFields>(
  name: string,
  build: (slot: Slots<V>) => ComposedStatement<F>,
) {
  let statement: ComposedStatement<F> | undefined;
  const prepare = (db: DbOrTx) => {
    statement ??= build(slotsOf<V>());
    return db.with(...statement.with).select(statement.select).from(statement.from).prepare(name);
  };
  const perConnection = new WeakMap<Db, ReturnType<typeof prepare>>();
  return (db: DbOrTx, values: V) => {
    const connection = connectionHandleOf(db);
    if (!connection) return prepare(db).execute(values);
    let prepared = perConnection.get(connection);
    if (!prepared) {
      prepared = prepare(connection);
      perConnection.set(connection, prepared);
    }
    return prepared.execute(values);
  };
}
