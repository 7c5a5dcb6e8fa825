import type { Db, DbOrTx } from './client';

/**
 * Which connection's own Drizzle handle a transaction runs on (`Database.transaction` on
 * PostgreSQL). A statement prepared through that handle (`preparedStatement`) runs on the same
 * connection, so inside the transaction, and can be kept for the connection's next transactions
 * instead of being composed and rendered again on every call. Transactions from `db.transaction`
 * (and PGlite's) have no entry: their statements are prepared per call, as before.
 *
 * Module-level, but no state is shared between apps: the keys are transaction objects, each made
 * by one app's `Database.transaction` and only ever looked up with itself; an entry goes with its
 * transaction (a WeakMap), so nothing carries over from one app or test file to the next.
 */
// eslint-disable-next-line apron-state/no-module-state -- keyed by per-transaction objects (above)
const handles = new WeakMap<DbOrTx, Db>();

/** Marks `tx` as running on the connection of `handle` (only `Database.transaction` does). */
export function runsOnConnection(tx: DbOrTx, handle: Db): void {
  handles.set(tx, handle);
}

/** The handle of the connection `tx` runs on, when it was opened by `Database.transaction`. */
export function connectionHandleOf(tx: DbOrTx): Db | undefined {
  return handles.get(tx);
}
