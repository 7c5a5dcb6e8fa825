import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_MESSAGES, ZIdParams, ZMailListQuery, ZMailMessage } from '@apron/core';
import { signedInActorOf } from '../audit/actor';
import type { AppContext } from '../context';
import { AppError, notFound } from '../errors/app-error';
import { sendTotalCount } from '../http/list-count';
import { nudgeMailDelivery } from './nudge';
import { findMailBody, listMail, presentMail, resendFailedMail } from './mail-admin';
import { ZSentMailBody } from '@apron/core/communications';

const tags = ['mail'];

/** Staff calls on the outbox (Settings admins): what was sent, what failed, and resend. */
export async function mailRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/Mail',
    { config: { access: 'admin:Settings' }, schema: { tags, querystring: ZMailListQuery, response: { 200: z.array(ZMailMessage) } } },
    async (request, reply) => {
      const { rows, total } = await listMail(ctx.db, request.query);
      sendTotalCount(reply, total);
      return rows.map(presentMail);
    },
  );

  app.get(
    '/api/Mail/:id/Body',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: ZSentMailBody } } },
    async (request) => {
      const body = await findMailBody(ctx.db, request.params.id);
      if (!body) throw notFound();
      return body;
    },
  );

  app.post(
    '/api/Mail/:id/Resend',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: ZMailMessage } } },
    async (request) => {
      const outcome = await resendFailedMail(ctx.db, signedInActorOf(request), request.params.id);
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'not-failed') throw new AppError('CONFLICT', MAIL_MESSAGES.notFailed);
      // Nudge the delivery job rather than wait for its next minute (a failure here only waits).
      await nudgeMailDelivery(ctx);
      return presentMail(outcome);
    },
  );
}
