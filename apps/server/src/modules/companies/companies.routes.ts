import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPANY_MESSAGES, hasModule, ZCompany, ZCompanyGridQuery, ZCompanyGridRow, ZCompanyInput, ZCompanyOption,
  ZCompanyUser, ZCompanyUserAdded, ZCompanyUserCreate, ZCompanyUserToggle, ZIdParams, ZMessage, type TSessionUser,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { accountsWithOtherCompanies } from '../../platform/tenancy/index';
import { isDocumentOf, isRemarkOf } from '../attachments/index';
import { readableCompanyScope, requireCompanyReader } from './companies.policy';
import { presentCompany, presentCompanyGridRow, presentCompanyUser } from './companies.presenter';
import * as repo from './companies.repo';
import * as service from './companies.service';

const tags = ['companies'];
const ZLinkParams = z.object({ id: z.string().uuid('Invalid Id'), itemId: z.string().uuid('Invalid Id') });
const ZUserParams = z.object({ id: z.string().uuid('Invalid Id'), userId: z.string().uuid('Invalid Id') });

/** The caller's company scope (null = all); throws 403 for callers without any company access. */
function scopeOf(user: TSessionUser | null): string | null {
  requireCompanyReader(user);
  const scope = readableCompanyScope(user);
  if (scope === 'none') throw forbidden();
  return scope;
}

/** Owners: grid, Active list, detail, create/edit, users, document and remark links. */
export async function companiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  companyRecordRoutes(r, ctx);
  companyUserRoutes(r, ctx);
  companyDocumentRoutes(r, ctx);
}

/** The grid, the Active list, one company, create and edit. */
function companyRecordRoutes(r: ZodApp, ctx: AppContext): void {
  r.get(
    '/api/Company',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZCompanyGridQuery, response: { 200: z.array(ZCompanyGridRow) } } },
    async (request, reply) => {
      const { rows, total } = await repo.listCompanies(ctx.db, request.query, scopeOf(request.user));
      sendTotalCount(reply, total);
      return rows.map(presentCompanyGridRow);
    },
  );

  // The Owner select of an agreement: Company or Lease staff.
  r.get(
    '/api/Company/Active',
    {
      // The owner picker of agreements (Lease) and of invoices (Invoices) needs the names only.
      config: { access: (user) => hasModule(user, 'Company') || hasModule(user, 'Lease') || hasModule(user, 'Invoices') },
      schema: { tags, response: { 200: z.array(ZCompanyOption) } },
    },
    async () => (await repo.listActiveCompanies(ctx.db)).map((c) => ({ _id: c.id, name: c.name })),
  );

  r.get('/api/Company/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZCompany } } }, async (request) => {
    const row = await repo.findCompany(ctx.db, request.params.id, scopeOf(request.user));
    if (!row) throw notFound('Company not found');
    return presentCompany(row, request.user);
  });

  r.post('/api/Company', { config: { access: 'admin:Company' }, schema: { tags, body: ZCompanyInput, response: { 201: ZCompany } } }, async (request, reply) => {
    const user = request.user!;
    const row = await ctx.db.transaction((tx) => service.createCompany(tx, signedInActorOf(request), request.body));
    return reply.status(201).send(presentCompany(row, user));
  });

  r.put(
    '/api/Company/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, body: ZCompanyInput, response: { 200: ZCompany } } },
    async (request) => {
      const user = request.user!;
      const scope = scopeOf(user);
      const row = await ctx.db.transaction((tx) => service.updateCompany(tx, signedInActorOf(request), request.params.id, request.body, scope));
      return presentCompany(row, user);
    },
  );
}

function companyUserRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Users of a company ---------------------------------------------------------------------
  r.get(
    '/api/Company/Users/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: z.array(ZCompanyUser) } } },
    async (request, reply) => {
      const company = await repo.findCompany(ctx.db, request.params.id, scopeOf(request.user));
      if (!company) throw notFound('Company not found');
      const rows = await repo.listCompanyUsers(ctx.db, company.id);
      const elsewhere = await accountsWithOtherCompanies(ctx.db, rows.map((row) => row.id), company.id);
      sendTotalCount(reply, rows.length);
      return rows.map((row) => presentCompanyUser(row, elsewhere.has(row.id)));
    },
  );

  r.post(
    '/api/Company/Users/:id',
    { config: { access: 'admin:Company' }, schema: { tags, params: ZIdParams, body: ZCompanyUserCreate, response: { 201: ZCompanyUserAdded } } },
    async (request, reply) => {
      const added = await ctx.db.transaction((tx) =>
        service.addCompanyUser(tx, signedInActorOf(request), ctx.config.publicUrl, request.params.id, request.body),
      );
      return reply.status(201).send({ message: COMPANY_MESSAGES.userAdded, user: presentCompanyUser(added.account, added.existingAccount), existingAccount: added.existingAccount });
    },
  );

  // Removes the user from this company only (a person acting for companies at several airports
  // keeps the others); a user's only company is refused (400: disable them instead).
  r.delete(
    '/api/Company/Users/:id/:userId',
    { config: { access: 'admin:Company' }, schema: { tags, params: ZUserParams } },
    async (request, reply) => {
      await ctx.db.transaction((tx) => service.removeUserFromCompany(tx, signedInActorOf(request), request.params.id, request.params.userId));
      return reply.status(204).send();
    },
  );

  r.put(
    '/api/Company/Users/:id',
    { config: { access: 'admin:Company' }, schema: { tags, params: ZIdParams, body: ZCompanyUserToggle, response: { 200: ZCompanyUser } } },
    async (request) => {
      const account = await ctx.db.transaction((tx) =>
        service.setCompanyUserEnabled(tx, signedInActorOf(request), request.params.id, request.body.userId, request.body.enabled),
      );
      const elsewhere = await accountsWithOtherCompanies(ctx.db, [account.id], request.params.id);
      return presentCompanyUser(account, elsewhere.has(account.id));
    },
  );
}

function companyDocumentRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Documents and remarks (spec GET .../Add/{id}/{docId}; a link is a change, so POST) ----
  // Uploads are tied to their owner when made (POST /api/Attachments with ownerType 'company'),
  // so the link confirms the document belongs to this company; anything else is not found.
  r.post(
    '/api/Company/Document/Add/:id/:itemId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      const company = await repo.findCompany(ctx.db, request.params.id, scopeOf(request.user));
      if (!company || !(await isDocumentOf(ctx.db, { ownerType: 'company', ownerId: company.id }, request.params.itemId))) throw notFound('Document not found');
      return { message: COMPANY_MESSAGES.userAdded };
    },
  );

  r.post(
    '/api/Company/Remark/Add/:id/:itemId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      const company = await repo.findCompany(ctx.db, request.params.id, scopeOf(request.user));
      if (!company || !(await isRemarkOf(ctx.db, { ownerType: 'company', ownerId: company.id }, request.params.itemId))) throw notFound('Remark not found');
      return { message: COMPANY_MESSAGES.userAdded };
    },
  );
}
