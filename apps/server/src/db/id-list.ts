import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * `column = any(<ids>)` with the ids sent as ONE jsonb parameter (deduplicated): no bind-parameter
 * limit however many there are (a schedule tick or an invoice run may change thousands of rows).
 * `ids` may be a prepared statement's placeholder whose value is the ids' JSON text (`db/prepared.ts`).
 *
 * Written as `= any(array(select ...))` and not `in (select ...)`: the array is an index
 * condition (a primary-key probe per id) in every plan, where the set-returning function is
 * estimated at 100 rows and a few ids on a mid-sized table were planned as a hash join over the
 * whole table (2.9 ms instead of 0.1 ms for one invoice's lines, docs/benchmarks.md).
 */
export function inIdList(column: AnyColumn, ids: readonly string[] | Placeholder): SQL {
  const json = Array.isArray(ids) ? JSON.stringify([...new Set(ids)]) : ids;
  return sql`${column} = any(array(select jsonb_array_elements_text(${json}::jsonb)::uuid))`;
}

/** `expression = any(<values>)` for text (external ids, lower-cased names), as ONE jsonb parameter like `inIdList`. */
export function inTextList(expression: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${expression} = any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)))`;
}
