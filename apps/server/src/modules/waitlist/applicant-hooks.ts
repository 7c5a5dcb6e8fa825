/**
 * What other modules plug into the wait list (they import it, so it cannot import them: no cycles,
 * docs/adr/0004): the chat's unread counts and the files it keeps for an applicant.
 */
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

/**
 * Files other modules keep for an applicant (the chat's uploads), whose rows go with the
 * applicant (foreign keys cascade) but whose stored bytes must be removed by their keys. Plugged in
 * like `useUnreadCounts`, for the same reason: those modules import this one.
 */
export type ApplicantFileKeys = (db: DbOrTx, applicantId: string) => Promise<string[]>;

const fileSources: ApplicantFileKeys[] = [];

export function addApplicantFileSource(source: ApplicantFileKeys): void {
  if (!fileSources.includes(source)) fileSources.push(source);
}

export async function applicantFileKeys(db: DbOrTx, applicantId: string): Promise<string[]> {
  return (await Promise.all(fileSources.map((source) => source(db, applicantId)))).flat();
}
