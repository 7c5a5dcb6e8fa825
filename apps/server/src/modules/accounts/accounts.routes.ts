import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccount, ZAccountCreate, ZAccountListQuery, ZAccountUpdate, ZIdParams } from '@apron/core';
import { actorOf, signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { findAccountHere, listAccounts } from '../../platform/auth/accounts.repo';
import { sendTotalCount } from '../../platform/http/list-count';
import { presentAccount } from './accounts.presenter';
import { createStaffAccount, updateAccount } from './accounts.service';

/** Settings > Accounts (admin:Settings). There is no delete: accounts are disabled instead. */
export async function accountsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.get(
    '/api/Accounts',
    { config: { access: 'admin:Settings' }, schema: { tags, querystring: ZAccountListQuery, response: { 200: z.array(ZAccount) } } },
    async (request, reply) => {
      const { rows, total } = await listAccounts(ctx.db, request.query);
      sendTotalCount(reply, total);
      return rows.map(presentAccount);
    },
  );

  r.get(
    '/api/Accounts/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: ZAccount } } },
    async (request) => {
      const account = await findAccountHere(ctx.db, request.params.id);
      if (!account) throw notFound('No account found.');
      return presentAccount(account);
    },
  );

  r.post(
    '/api/Accounts',
    { config: { access: 'admin:Settings' }, schema: { tags, body: ZAccountCreate, response: { 201: ZAccount } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const account = await ctx.db.transaction((tx) => createStaffAccount(tx, actor, ctx.config.publicUrl, request.body));
      return reply.status(201).send(presentAccount(account));
    },
  );

  r.put(
    '/api/Accounts/:id',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, body: ZAccountUpdate, response: { 200: ZAccount } } },
    async (request) => {
      const actor = signedInActorOf(request);
      const account = await ctx.db.transaction((tx) => updateAccount(tx, actor, request.params.id, request.body));
      return presentAccount(account);
    },
  );
}
