import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_MESSAGES, ZAgreement, ZAgreementGridQuery, ZAgreementGridRow, ZAgreementInput, ZAgreementsByIds, ZIdParams,
  ZMessage, type TSessionUser,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import { sendListCount } from '../../platform/http/list-count';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { isDocumentOf, isRemarkOf } from '../attachments/index';
import { findCompany } from '../companies/index';
import { agreementScopeOf } from './agreements.policy';
import { presentAgreement, presentAgreementGridRow } from './agreements.presenter';
import * as repo from './agreements.repo';
import * as service from './agreements.service';
import { leaseCalendar } from './lease-calendar';

const tags = ['agreements'];
const ZLinkParams = z.object({ id: z.string().uuid('Invalid Id'), itemId: z.string().uuid('Invalid Id') });

/** One agreement the caller may read (404 for a missing or another company's agreement). */
export async function loadAgreement(db: Db, user: TSessionUser | null, id: string) {
  const row = await repo.findAgreement(db, id, agreementScopeOf(user));
  if (!row) throw notFound('Agreement not found');
  return row;
}

/** Lease agreements: grids, detail, create/edit, by ids, document and remark links. */
export async function agreementsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Agreements',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZAgreementGridQuery, response: { 200: z.array(ZAgreementGridRow) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listAgreements(ctx.db, request.query, agreementScopeOf(request.user));
      sendListCount(reply, count);
      return rows.map(presentAgreementGridRow);
    },
  );

  // `/companies/{id}/agreements`: a tenant asking for another company gets 404, not an empty list.
  r.get(
    '/api/Company/Agreements/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, querystring: ZAgreementGridQuery.omit({ tenantId: true }), response: { 200: z.array(ZAgreementGridRow) } } },
    async (request, reply) => {
      const scope = agreementScopeOf(request.user);
      if (scope.companyId && scope.companyId !== request.params.id) throw notFound('Company not found');
      if (!(await findCompany(ctx.db, request.params.id))) throw notFound('Company not found');
      const { rows, ...count } = await repo.listAgreements(ctx.db, { ...request.query, tenantId: request.params.id }, scope);
      sendListCount(reply, count);
      return rows.map(presentAgreementGridRow);
    },
  );

  r.get('/api/Agreements/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZAgreement } } }, async (request) =>
    presentAgreement(await loadAgreement(ctx.db, request.user, request.params.id), request.user),
  );

  r.post('/api/Agreements', { config: { access: 'admin:Lease' }, schema: { tags, body: ZAgreementInput, response: { 201: ZAgreement } } }, async (request, reply) => {
    const user = request.user!;
    const calendar = await leaseCalendar(ctx.db);
    const row = await ctx.db.transaction((tx) => service.createAgreement(tx, signedInActorOf(request), request.body, calendar, ctx));
    return reply.status(201).send(presentAgreement(await loadAgreement(ctx.db, user, row.id), user));
  });

  r.put(
    '/api/Agreements/:id',
    { config: { access: 'admin:Lease' }, schema: { tags, params: ZIdParams, body: ZAgreementInput, response: { 200: ZAgreement } } },
    async (request) => {
      const user = request.user!;
      const calendar = await leaseCalendar(ctx.db);
      await ctx.db.transaction((tx) => service.updateAgreement(ctx, tx, signedInActorOf(request), request.params.id, request.body, calendar));
      return presentAgreement(await loadAgreement(ctx.db, user, request.params.id), user);
    },
  );

  r.post(
    '/api/AgreementsByIds',
    { config: { access: 'signedIn' }, schema: { tags, body: ZAgreementsByIds, response: { 200: z.array(ZAgreementGridRow) } } },
    async (request) => (await repo.findAgreementsByIds(ctx.db, request.body.ids, agreementScopeOf(request.user))).map(presentAgreementGridRow),
  );

  // ---- Documents and remarks (spec GET .../Add/{id}/{docId}; a link is a change, so POST) ----
  // Uploads are tied to the agreement when made (POST /api/Attachments, ownerType 'agreement'):
  // the link confirms the item belongs to this agreement; anything else is not found.
  r.post(
    '/api/Agreements/Document/Add/:id/:itemId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      const agreement = await loadAgreement(ctx.db, request.user, request.params.id);
      if (!(await isDocumentOf(ctx.db, { ownerType: 'agreement', ownerId: agreement.id }, request.params.itemId))) throw notFound('Document not found');
      return { message: AGREEMENT_MESSAGES.added };
    },
  );

  r.post(
    '/api/Agreements/Remark/Add/:id/:itemId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      const agreement = await loadAgreement(ctx.db, request.user, request.params.id);
      if (!(await isRemarkOf(ctx.db, { ownerType: 'agreement', ownerId: agreement.id }, request.params.itemId))) throw notFound('Remark not found');
      return { message: AGREEMENT_MESSAGES.added };
    },
  );
}
