import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { chatRoutes } from './chat.routes';
import { applicantFiles, applicantUnreadCounts } from '../waitlist/index';
import { chatFileKeysOf, countUnreadForApplicants } from './chat.repo';
import { removeUnsentDocuments } from './chat.service';

const CHAT_UNSENT_CLEANUP_JOB = 'chat.unsent-documents-cleanup';

/** Chat between wait-list staff and an applicant (`GET/POST Messages/{id}`). */
export async function registerChat(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await chatRoutes(app, ctx);
  // The wait list's type grid shows these as the Chat badge; it cannot import the chat (no cycles).
  ctx.plugins.provide(applicantUnreadCounts, 'chat', unreadCountsForApplicants);
  // Deleting an applicant removes their conversation (rows cascade) and its uploaded files (by key).
  ctx.plugins.provide(applicantFiles, 'chat', chatFileKeysOf);
  ctx.jobs.schedule(CHAT_UNSENT_CLEANUP_JOB, '41 3 * * *', async () => {
    const removed = await removeUnsentDocuments(ctx);
    if (removed) ctx.log.info({ removed }, 'unsent chat uploads removed');
  }, { expireInSeconds: 600 });
}

/** Messages from each applicant not yet read by staff (the type grid's badge); every id is in the map, 0 when none. */
function unreadCountsForApplicants(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  return countUnreadForApplicants(db, ids);
}

