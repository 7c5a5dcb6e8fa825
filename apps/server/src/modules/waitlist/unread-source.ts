import type { DbOrTx } from '../../db/client';

/**
 * Unread chat messages per applicant, for the type grid's Chat badge. The chat module imports
 * this module (applicants are whom it talks to), so this module cannot import the chat back (no
 * import cycles, docs/adr/0004): the chat's `unreadCountsForApplicants` is plugged in where the
 * modules are composed (modules/index.ts) through `useUnreadCounts`. Until then every count is 0.
 */
export type UnreadCounts = (db: DbOrTx, ids: string[]) => Promise<Map<string, number>>;

let source: UnreadCounts = async () => new Map();

export function useUnreadCounts(next: UnreadCounts): void {
  source = next;
}

export function unreadCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  return ids.length ? source(db, ids) : Promise.resolve(new Map());
}
