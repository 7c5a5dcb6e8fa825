import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITE_SENT_MESSAGE, ZInviteCreate, ZInviteListQuery, ZInviteRow } from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { sendListCount } from '../../platform/http/list-count';
import { presentInvite } from './appointments.presenter';
import * as repo from './appointments.repo';
import * as service from './appointments.service';

const tags = ['appointments'];
const ZInviteSent = z.object({ message: z.string(), invite: ZInviteRow });

/** Invites: staff of the wait list send calendar invites and list what was sent (PRODUCT-RULES 18). */
export async function appointmentsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/Waitlist/Invite',
    { config: { access: 'module:Waitlist' }, schema: { tags, body: ZInviteCreate, response: { 201: ZInviteSent } } },
    async (request, reply) => {
      const row = await service.sendInvite(ctx, signedInActorOf(request), request.body);
      return reply.status(201).send({ message: INVITE_SENT_MESSAGE, invite: presentInvite(row) });
    },
  );

  app.get(
    '/api/Waitlist/Invite',
    { config: { access: 'module:Waitlist' }, schema: { tags, querystring: ZInviteListQuery, response: { 200: z.array(ZInviteRow) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listInvites(ctx.db, request.query);
      sendListCount(reply, count);
      return rows.map(presentInvite);
    },
  );
}
