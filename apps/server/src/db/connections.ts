import type { Db, DbOrTx } from './client';

/**
 * Which connection's own Drizzle handle a transaction runs on (`Database.transaction` on
 * PostgreSQL). A statement prepared through that handle (`preparedStatement`) runs on the same
 * connection, so inside the transaction, and can be kept for the connection's next transactions
 * instead of being composed and rendered again on every call. Transactions from `db.transaction`
 * (and PGlite's) carry no handle: their statements are prepared per call, as before.
 *
 * The handle is carried by the transaction object itself (under a symbol nobody else uses), so
 * nothing is kept at module scope and nothing outlives the transaction.
 */
const CONNECTION_HANDLE = Symbol('apron.connection-handle');

type WithHandle = { [CONNECTION_HANDLE]?: Db };

/** Marks `tx` as running on the connection of `handle` (only `Database.transaction` does). */
export function runsOnConnection(tx: DbOrTx, handle: Db): void {
  Object.defineProperty(tx, CONNECTION_HANDLE, { value: handle, enumerable: false });
}

/** The handle of the connection `tx` runs on, when it was opened by `Database.transaction`. */
export function connectionHandleOf(tx: DbOrTx): Db | undefined {
  return (tx as DbOrTx & WithHandle)[CONNECTION_HANDLE];
}
