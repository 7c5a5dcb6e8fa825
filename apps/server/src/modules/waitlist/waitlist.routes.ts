import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WAITLIST_MESSAGES, ZIdParams, ZMessage, ZWaitlistAccountCreated, ZWaitlistApplicant, ZWaitlistApplicantUpdate,
  ZWaitlistCreateAccount, ZWaitlistGridQuery, ZWaitlistGridRow, ZWaitlistJoin, ZWaitlistJoined, ZWaitlistJoinInfo, ZWaitlistMove, ZWaitlistPrivateStatus,
  ZWaitlistTokenParams, ZWaitlistTypeSummary, fromCents,
} from '@apron/core';
import { actorOf, signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { sendListCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { idempotencyKeyOf } from '../../platform/idempotency/index';
import { nudgeMailDelivery } from '../../platform/mail/index';
import { isDocumentOf, isRemarkOf } from '../attachments/index';
import { factSheetRoutes } from './fact-sheet.routes';
import { isStaffJoin, joinWaitlist, waitlistChargeCents } from './waitlist.join';
import { presentApplicant, presentGridRow } from './waitlist.presenter';
import * as repo from './waitlist.repo';
import * as service from './waitlist.service';
import { unreadCounts } from './applicant-hooks';

const tags = ['waitlist'];
/**
 * Public forms: per client address (PRODUCT-RULES 19). Staff adding people from the properties
 * screen are signed in with the module and not counted (the access hook has run by then).
 */
const PUBLIC_FORM_RATE_LIMIT = { max: 5, timeWindow: '1 minute', allowList: (request: FastifyRequest) => isStaffJoin(request.user) };
const ZLinkParams = z.object({ id: z.string().uuid('Invalid Id'), itemId: z.string().uuid('Invalid Id') });
const ZTypeParams = z.object({ typeId: z.string().uuid('Invalid Id') });

/** Wait list (spec doc 2 §7 Waitlist): types, type grid, applicant, join, move, account, private page. */
export async function waitlistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  waitlistStaffRoutes(r, ctx);
  waitlistLinkRoutes(r, ctx);
  waitlistPublicRoutes(r, ctx);
  await factSheetRoutes(app, ctx);
}

function waitlistStaffRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Staff ---------------------------------------------------------------------------------
  r.get(
    '/api/WaitList',
    { config: { access: 'module:Waitlist' }, schema: { tags, response: { 200: z.array(ZWaitlistTypeSummary) } } },
    async () => (await repo.listTypeSummaries(ctx.db, await repo.airportTimeZone(ctx.db))).map((t) => ({ _id: t.id, name: t.name, waiting: t.waiting, joinedThisWeek: t.joinedThisWeek })),
  );

  r.get(
    '/api/WaitList/Type/:typeId',
    { config: { access: 'module:Waitlist' }, schema: { tags, params: ZTypeParams, querystring: ZWaitlistGridQuery, response: { 200: z.array(ZWaitlistGridRow) } } },
    async (request, reply) => {
      const { rows, count } = await repo.listApplicantsOfType(ctx.db, request.params.typeId, request.query);
      // A type with applicants on the page exists: only an empty page asks (an unknown type is a 404).
      if (rows.length === 0 && !(await repo.propertyTypeExists(ctx.db, request.params.typeId))) throw notFound('Property type not found');
      const unread = await unreadCounts(ctx, ctx.db, rows.map((row) => row.id));
      sendListCount(reply, count);
      return rows.map((row) => presentGridRow(row, unread.get(row.id) ?? 0));
    },
  );

  r.get('/api/WaitList/:id', { config: { access: 'module:Waitlist' }, schema: { tags, params: ZIdParams, response: { 200: ZWaitlistApplicant } } }, async (request) => {
    const row = await repo.findApplicant(ctx.db, request.params.id);
    if (!row) throw notFound(WAITLIST_MESSAGES.notFound);
    return presentApplicant(row, request.user);
  });

  r.put(
    '/api/WaitList',
    { config: { access: 'admin:Waitlist' }, schema: { tags, body: ZWaitlistApplicantUpdate, response: { 200: ZMessage.extend({ applicant: ZWaitlistApplicant }) } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.updateApplicant(tx, signedInActorOf(request), request.body));
      return { message: WAITLIST_MESSAGES.statusUpdated, applicant: presentApplicant(row, request.user) };
    },
  );

  r.delete('/api/WaitList/:id', { config: { access: 'admin:Waitlist' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    const files = await ctx.db.transaction((tx) => service.deleteApplicant(ctx, tx, signedInActorOf(request), request.params.id));
    // After commit: the files of a deleted applicant go too (a failure leaves an orphan file, logged).
    await Promise.all(files.map((key) => ctx.files.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'could not remove a deleted applicant\'s file'))));
    return { message: WAITLIST_MESSAGES.deleted };
  });

  r.post(
    '/api/WaitList/Move/:id',
    { config: { access: 'admin:Waitlist' }, schema: { tags, params: ZIdParams, body: ZWaitlistMove, response: { 200: ZMessage.extend({ applicant: ZWaitlistApplicant }) } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.moveApplicant(tx, signedInActorOf(request), request.params.id, request.body.position, request.body.reason));
      return { message: WAITLIST_MESSAGES.moved, applicant: presentApplicant(row, request.user) };
    },
  );

  r.post(
    '/api/WaitList/createAccount',
    { config: { access: 'admin:Waitlist' }, schema: { tags, body: ZWaitlistCreateAccount, response: { 200: ZWaitlistAccountCreated } } },
    async (request) => {
      const made = await ctx.db.transaction((tx) => service.createAccount(tx, signedInActorOf(request), ctx.config.publicUrl, request.body._id));
      return { message: WAITLIST_MESSAGES.accountCreated, ...made };
    },
  );
}

function waitlistLinkRoutes(r: ZodApp, ctx: AppContext): void {
  // Spec GET WaitList/Document/{id}/{docId} and Remark/{id}/{remarkId}: uploads are tied to the
  // applicant when made (POST /api/Attachments, ownerType 'waitlist'); this confirms the link.
  r.post(
    '/api/WaitList/Document/:id/:itemId',
    { config: { access: 'module:Waitlist' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      if (!(await isDocumentOf(ctx.db, { ownerType: 'waitlist', ownerId: request.params.id }, request.params.itemId))) throw notFound('Document not found');
      return { message: 'Added Successfully' };
    },
  );

  r.post(
    '/api/WaitList/Remark/:id/:itemId',
    { config: { access: 'module:Waitlist' }, schema: { tags, params: ZLinkParams, response: { 200: ZMessage } } },
    async (request) => {
      if (!(await isRemarkOf(ctx.db, { ownerType: 'waitlist', ownerId: request.params.id }, request.params.itemId))) throw notFound('Remark not found');
      return { message: 'Added Successfully' };
    },
  );
}

function waitlistPublicRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Public: join, and the applicant's private page ---------------------------------------
  r.get('/api/WaitList/Join', { config: { access: 'public' }, schema: { tags, response: { 200: ZWaitlistJoinInfo } } }, async (request) => {
    const [types, chargeCents, sheet] = await Promise.all([repo.listPropertyTypeOptions(ctx.db), waitlistChargeCents(ctx.db), repo.currentFactSheet(ctx.db)]);
    return {
      propertyTypes: types.map((t) => ({ _id: t.id, name: t.name })),
      charge: fromCents(chargeCents),
      factSheetUrl: sheet ? '/api/factsheet' : null,
      staffForm: isStaffJoin(request.user),
      testMode: r.paymentProvider.testMode,
    };
  });

  r.post(
    '/api/WaitList/Join',
    { config: { access: 'public', rateLimit: PUBLIC_FORM_RATE_LIMIT }, schema: { tags, body: ZWaitlistJoin, response: { 201: ZWaitlistJoined } } },
    async (request, reply) => {
      // The honeypot: a person never sees `website`; a bot that fills it is told yes and nothing is stored.
      if (request.body.website) {
        request.log.info('wait-list join refused by the honeypot');
        return reply.status(201).send({ message: WAITLIST_MESSAGES.added, _id: crypto.randomUUID(), status: 'Unpaid', amount: 0 });
      }
      const joined = await joinWaitlist(r.cardPayments, {
        user: request.user,
        actor: actorOf(request),
        input: request.body,
        idempotencyKey: idempotencyKeyOf(request, false),
        publicUrl: ctx.config.publicUrl,
      });
      // The confirmation carries the private link the visitor now waits for: send it now.
      await nudgeMailDelivery(ctx);
      return reply.status(201).send(joined);
    },
  );

  r.get(
    '/api/WaitList/Status/:token',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags, params: ZWaitlistTokenParams, response: { 200: ZWaitlistPrivateStatus } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const id = await repo.applicantIdForPrivateToken(ctx.db, request.params.token);
      const row = id ? await repo.findApplicant(ctx.db, id) : null;
      if (!row) throw notFound(WAITLIST_MESSAGES.privateLinkInvalid);
      return {
        applicantId: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        propertyTypeName: row.propertyTypeName,
        status: row.status as 'Unpaid',
        joinedAt: row.joinedAt.toISOString(),
        position: row.position,
        waiting: await repo.countWaiting(ctx.db, row.propertyTypeId),
      };
    },
  );
}
