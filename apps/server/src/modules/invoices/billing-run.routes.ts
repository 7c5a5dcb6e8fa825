import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBillingHoldCreate, ZBillingHoldCreated, ZBillingPeriodQuery, ZBillingPreview, ZBillingPreviewQuery, ZBillingRun, ZBillingRunStart, ZBillingRunStarted, ZCycleParams, ZHoldParams, ZMessage, ZRunParams,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { idempotencyKeyOf } from '../../platform/idempotency/index';
import { findInvoiceCycle } from '../settings/index';
import { holdCompany, presentHold, releaseHold } from './billing-holds';
import { requestedPeriod } from './billing-periods';
import { previewCycleRun } from './billing-preview';
import { findCycleRun, startCycleRun } from './billing-runs';
import { airportToday } from './invoices.repo';

const tags = ['invoices'];
/** Invoices staff see what a run will bill; Invoices admins run it and hold companies (as they add, cancel and record payments). */
const readAccess = 'module:Invoices' as const;
const writeAccess = 'admin:Invoices' as const;

/** The caller's airport's cycle (another airport's: 404) and the period a date names, or the next one. */
async function cycleAndPeriod(db: DbOrTx, cycleId: string, day: string | null) {
  const cycle = await findInvoiceCycle(db, cycleId);
  if (!cycle) throw notFound('Invoice cycle not found');
  return { cycle, period: requestedPeriod(cycle.expression, day, await airportToday(db)) };
}

/** The billing run preview (issue 24, docs/billing.md "Billing run preview"): preview, run by hand and its progress, holds. */
export async function billingRunRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/InvoiceCycles/:cycleId/Preview',
    { config: { access: readAccess }, schema: { tags, params: ZCycleParams, querystring: ZBillingPreviewQuery, response: { 200: ZBillingPreview } } },
    async (request) => {
      const { cycle, period } = await cycleAndPeriod(ctx.db, request.params.cycleId, request.query.period);
      return previewCycleRun(ctx.db, { cycle, period, page: request.query.page, pageSize: request.query.pageSize });
    },
  );

  r.post(
    '/api/InvoiceCycles/:cycleId/Run',
    { config: { access: writeAccess }, schema: { tags, params: ZCycleParams, body: ZBillingRunStart, response: { 202: ZBillingRunStarted } } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request, true);
      const { cycle, period } = await cycleAndPeriod(ctx.db, request.params.cycleId, request.body.period);
      const runId = await startCycleRun(ctx, signedInActorOf(request), cycle, period, key);
      return reply.code(202).send({ runId });
    },
  );

  r.get(
    '/api/InvoiceCycles/Runs/:runId',
    { config: { access: readAccess }, schema: { tags, params: ZRunParams, response: { 200: ZBillingRun } } },
    async (request) => findCycleRun(ctx.db, request.params.runId),
  );

  r.post(
    '/api/InvoiceCycles/:cycleId/Holds',
    { config: { access: writeAccess }, schema: { tags, params: ZCycleParams, body: ZBillingHoldCreate, response: { 201: ZBillingHoldCreated } } },
    async (request, reply) => {
      const { companyId, period: day, reason } = request.body;
      const { cycle, period } = await cycleAndPeriod(ctx.db, request.params.cycleId, day);
      const hold = await ctx.database.transaction((tx) => holdCompany(tx, signedInActorOf(request), cycle.id, period.start, companyId, reason));
      return reply.code(201).send({ companyId, period: { from: period.start, to: period.end }, held: presentHold(hold) });
    },
  );

  r.delete(
    '/api/InvoiceCycles/:cycleId/Holds/:companyId',
    { config: { access: writeAccess }, schema: { tags, params: ZHoldParams, querystring: ZBillingPeriodQuery, response: { 200: ZMessage } } },
    async (request) => {
      const { cycle, period } = await cycleAndPeriod(ctx.db, request.params.cycleId, request.query.period);
      await ctx.database.transaction((tx) => releaseHold(tx, signedInActorOf(request), cycle.id, period.start, request.params.companyId));
      return { message: 'Released' };
    },
  );
}
