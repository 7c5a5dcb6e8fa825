import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column in (<ids>)` with the ids sent as ONE jsonb parameter (deduplicated): no bind-parameter
 * limit however many there are (a schedule tick or an invoice run may change thousands of rows).
 */
export function inIdList(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)::uuid)`;
}
