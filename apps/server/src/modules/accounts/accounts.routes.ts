import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccount, ZAccountCreate, ZAccountCreated, ZAccountListQuery, ZAccountUpdate, ZIdParams } from '@apron/core';
import { actorOf, signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors/app-error';
import { findAccountAtAirport, listAccounts } from '../../platform/auth/accounts.repo';
import { sendTotalCount } from '../../platform/http/list-count';
import { presentAccount } from './accounts.presenter';
import { createStaffAccount, EXTERNAL_SIGN_IN_INVITATION_MESSAGE, removeFromAirport, resendInvitation, updateAccount } from './accounts.service';

/**
 * Settings > Accounts (admin:Settings) of the current airport: its staff and its companies' users.
 * There is no delete: accounts are disabled instead; staff can be removed from this airport.
 */
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
      // An account of another airport is not this airport's administrators' to see.
      const account = await findAccountAtAirport(ctx.db, request.params.id);
      if (!account) throw notFound('No account found.');
      return presentAccount(account);
    },
  );

  r.post(
    '/api/Accounts',
    { config: { access: 'admin:Settings' }, schema: { tags, body: ZAccountCreate, response: { 201: ZAccountCreated } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const added = await ctx.db.transaction((tx) => createStaffAccount(tx, actor, ctx.config.publicUrl, request.body));
      return reply.status(201).send({ ...presentAccount(added.account), existingAccount: added.existingAccount });
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

  r.post(
    '/api/Accounts/:id/Invitation',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      // A fresh set-password link by e-mail: for accounts imported or added without a password.
      const actor = signedInActorOf(request);
      if (ctx.config.oidc) throw conflict(EXTERNAL_SIGN_IN_INVITATION_MESSAGE);
      const account = await ctx.db.transaction((tx) => resendInvitation(tx, actor, ctx.config.publicUrl, request.params.id));
      return { message: `Invitation sent to ${account.email}` };
    },
  );

  r.delete(
    '/api/Accounts/:id/Membership',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZIdParams } },
    async (request, reply) => {
      const actor = signedInActorOf(request);
      await ctx.db.transaction((tx) => removeFromAirport(tx, actor, request.params.id));
      return reply.status(204).send();
    },
  );
}
