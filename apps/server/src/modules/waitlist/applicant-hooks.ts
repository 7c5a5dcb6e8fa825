/**
 * What other modules plug into the wait list (they import it, so it cannot import them: no cycles,
 * docs/adr/0004): the chat's unread counts and the files it keeps for an applicant. Providers
 * call `ctx.plugins.provide(...)` when they register (docs/architecture.md, "Plug-ins").
 */
import type { DbOrTx } from '../../db/client';
import { manySlot, oneSlot, type PluginScope } from '../../platform/plugins/registry';

/**
 * Unread chat messages per applicant, for the type grid's Chat badge (the chat provides
 * `unreadCountsForApplicants`). Without a provider every count is 0.
 */
export type UnreadCounts = (db: DbOrTx, ids: string[]) => Promise<Map<string, number>>;

export const applicantUnreadCounts = oneSlot<UnreadCounts>('waitlist.unread-counts', async () => new Map());

export function unreadCounts(scope: PluginScope, db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  return ids.length ? scope.plugins.one(applicantUnreadCounts)(db, ids) : Promise.resolve(new Map());
}

/**
 * Files other modules keep for an applicant (the chat's uploads), whose rows go with the
 * applicant (foreign keys cascade) but whose stored bytes must be removed by their keys.
 */
export type ApplicantFileKeys = (db: DbOrTx, applicantId: string) => Promise<string[]>;

export const applicantFiles = manySlot<ApplicantFileKeys>('waitlist.applicant-files');

export async function applicantFileKeys(scope: PluginScope, db: DbOrTx, applicantId: string): Promise<string[]> {
  return (await Promise.all(scope.plugins.all(applicantFiles).map((source) => source(db, applicantId)))).flat();
}
