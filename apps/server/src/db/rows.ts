/**
 * The rows of a raw statement's result (`db.execute`, a prepared query): node-postgres and PGlite
 * answer `{ rows }`; an array is taken as the rows themselves.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
