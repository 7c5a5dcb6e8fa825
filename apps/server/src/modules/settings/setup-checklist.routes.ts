import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSetupChecklist } from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { dismissSetupChecklist, loadSetupChecklist } from './setup-checklist';

/** The first-run setup checklist of the current airport, for its Settings administrators (docs/setup-checklist.md). */
export function setupChecklistRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const options = { demo: ctx.config.demo };

  r.get('/api/Setup', { config: { access: 'admin:Settings' }, schema: { tags, response: { 200: ZSetupChecklist } } }, async () => loadSetupChecklist(ctx.db, options));

  r.post('/api/Setup/Dismiss', { config: { access: 'admin:Settings' }, schema: { tags, response: { 200: ZSetupChecklist } } }, async (request) => {
    await ctx.db.transaction((tx) => dismissSetupChecklist(tx, signedInActorOf(request)));
    return loadSetupChecklist(ctx.db, options);
  });
}
