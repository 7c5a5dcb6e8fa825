import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MESSAGES, TEST_CARDS, ZIdParams, fromCents, hasModule, type TSessionUser } from '@apron/core';
import {
  TIEDOWN_MESSAGES, ZKtrmCounts, ZKtrmRequest, ZTiedown, ZTiedownCreate, ZTiedownCreated, ZTiedownDetail, ZTiedownFormInfo, ZTiedownListQuery, ZTiedownQuote,
  ZTiedownQuoteQuery, ZTiedownRate, ZTiedownRateParams, ZTiedownRateUpdate, ZTiedownSpaceUpdate, type TTiedownCreate,
} from '@apron/core/tiedowns';
import type { DbOrTx } from '../../db/client';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { sendListCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import { idempotencyKeyOf } from '../../platform/idempotency/index';
import { findInvoiceNumber, findInvoiceNumbers } from '../invoices/index';
import { loadReceipt } from '../payments/index';
import { createPaidRequest } from './tiedowns.pay';
import { presentTiedown } from './tiedowns.presenter';
import * as repo from './tiedowns.repo';
import * as service from './tiedowns.service';
import type { TiedownRequestRow } from './tiedowns.table';

const tags = ['tiedowns'];
/** Public forms: per client address (PRODUCT-RULES 19). */
const PUBLIC_FORM_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Tiedown staff see every request; anyone else signed in, the requests they made (issue 11 item 3). */
export const tiedownScopeOf = (user: TSessionUser): repo.TiedownScope => (hasModule(user, 'Tiedown') ? null : { createdBy: user.id });

/** A bot that fills the honeypot is told yes; nothing is stored, nothing charged. */
function honeypotAnswer(body: TTiedownCreate) {
  return {
    message: TIEDOWN_MESSAGES.submitted,
    receipt: null,
    tiedown: {
      _id: randomUUID(), firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone, beginDate: body.beginDate, endDate: body.endDate,
      airCraftType: body.airCraftType, airCraftNum: body.airCraftNum, vehicleNum: body.vehicleNum, space: '', nights: 0, rate: 0, amount: 0, invoice: null,
      invoiceNumber: null, receiptId: null, createdAt: new Date().toISOString(), abilities: { assignSpace: false, viewInvoice: false },
    },
  };
}

/** A request with its invoice number and receipt, as its detail shows it. */
const detail = async (db: DbOrTx, row: TiedownRequestRow, user: TSessionUser | null) => ({
  ...presentTiedown(row, user, row.invoiceId ? await findInvoiceNumber(db, row.invoiceId) : null),
  receipt: row.paymentId ? await loadReceipt(db, row.paymentId, null) : null,
});

/** Transient parking: the public form, the staff grid and detail, Ktrm, the rate table. */
export async function tiedownsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  tiedownFormRoutes(app, ctx);
  tiedownStaffRoutes(app, ctx);
  tiedownRateRoutes(app, ctx);
}

/** The public form: its settings, a quote, the request (paid by card when the rate asks for it). */
function tiedownFormRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/TieDown/Form',
    { config: { access: 'public' }, schema: { tags, response: { 200: ZTiedownFormInfo } } },
    async () => {
      const provider = app.paymentProvider;
      const { paymentRequired, maxNights } = await service.parkingSettings(ctx.db);
      return {
        rates: (await repo.listRates(ctx.db)).map((r) => ({ airCraftType: r.aircraftType, rate: fromCents(r.rateCents) })),
        paymentRequired,
        maxNights,
        testMode: provider.testMode,
        testCards: provider.name === 'test' ? { ...TEST_CARDS } : null,
      };
    },
  );

  app.get(
    '/api/TieDown/Quote',
    { config: { access: 'public' }, schema: { tags, querystring: ZTiedownQuoteQuery, response: { 200: ZTiedownQuote } } },
    async (request) => service.presentQuote(request.query.airCraftType, await service.quote(ctx.db, request.query)),
  );

  app.post(
    '/api/Invoices/TieDown',
    { config: { access: 'public', rateLimit: PUBLIC_FORM_RATE_LIMIT }, schema: { tags, body: ZTiedownCreate, response: { 201: ZTiedownCreated } } },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info('parking request refused by the honeypot');
        return reply.status(201).send(honeypotAnswer(request.body));
      }
      const key = idempotencyKeyOf(request, false);
      const form = service.formOf(request.body);
      const q = await service.quote(ctx.db, form);
      const actor = actorOf(request);
      let row: TiedownRequestRow;
      if (!q.paymentRequired || q.amountCents <= 0) {
        row = await service.createFreeRequest(ctx.db, request.user, actor, form, q, key);
      } else {
        if (!request.body.sourceId) throw fieldError('sourceId', TIEDOWN_MESSAGES.cardRequired);
        if (!key) throw fieldError('idempotencyKey', PAYMENT_MESSAGES.idempotencyRequired);
        row = await createPaidRequest(app.cardPayments, { user: request.user, actor, form, quote: q, sourceToken: request.body.sourceId, idempotencyKey: key });
      }
      const shown = await detail(ctx.db, row, request.user);
      return reply.status(201).send({ message: TIEDOWN_MESSAGES.submitted, tiedown: shown, receipt: shown.receipt });
    },
  );
}

/** The grid, one request, the space staff assign, Ktrm counts. */
function tiedownStaffRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/Invoices/List/TieDowns',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZTiedownListQuery, response: { 200: z.array(ZTiedown) } } },
    async (request, reply) => {
      const { rows, ...count } = await repo.listTiedowns(ctx.db, request.query, tiedownScopeOf(request.user!));
      const numbers = await findInvoiceNumbers(ctx.db, rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])));
      sendListCount(reply, count);
      return rows.map((row) => presentTiedown(row, request.user, row.invoiceId ? (numbers.get(row.invoiceId) ?? null) : null));
    },
  );

  app.get(
    '/api/Invoices/TieDown/:id',
    { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZTiedownDetail } } },
    async (request) => {
      const row = await repo.findTiedown(ctx.db, request.params.id, tiedownScopeOf(request.user!));
      if (!row) throw notFound(TIEDOWN_MESSAGES.notFound);
      return detail(ctx.db, row, request.user);
    },
  );

  // `POST Invoices/TieDown/{id}`: staff update a request; the space is the one field they assign.
  app.post(
    '/api/Invoices/TieDown/:id',
    { config: { access: 'module:Tiedown' }, schema: { tags, params: ZIdParams, body: ZTiedownSpaceUpdate, response: { 200: ZTiedownDetail.extend({ message: z.string() }) } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.assignSpace(tx, actorOf(request), request.params.id, request.body.space));
      return { message: TIEDOWN_MESSAGES.spaceSaved, ...(await detail(ctx.db, row, request.user)) };
    },
  );

  app.post(
    '/api/Ktrm',
    { config: { access: 'module:Tiedown' }, schema: { tags, body: ZKtrmRequest, response: { 200: ZKtrmCounts } } },
    async (request) => repo.countByAircraftType(ctx.db, request.body.start, request.body.end, request.body.type),
  );
}

function tiedownRateRoutes(app: ZodApp, ctx: AppContext): void {
  // ---- The rate table (Settings) ----------------------------------------------------------------
  const presentRate = (r: Awaited<ReturnType<typeof repo.listRates>>[number]) => ({ airCraftType: r.aircraftType, rate: fromCents(r.rateCents), sortOrder: r.sortOrder, updatedAt: r.updatedAt.toISOString() });

  app.get(
    '/api/TieDown/Rates',
    { config: { access: 'module:Settings' }, schema: { tags, response: { 200: z.array(ZTiedownRate) } } },
    async () => (await repo.listRates(ctx.db)).map(presentRate),
  );

  app.put(
    '/api/TieDown/Rates/:type',
    { config: { access: 'admin:Settings' }, schema: { tags, params: ZTiedownRateParams, body: ZTiedownRateUpdate, response: { 200: ZTiedownRate.extend({ message: z.string() }) } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => service.updateRate(tx, actorOf(request), request.params.type, request.body.rate));
      return { message: TIEDOWN_MESSAGES.rateSaved, ...presentRate(row) };
    },
  );
}
