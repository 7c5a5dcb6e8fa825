import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAircraft, ZAircraftCreate, ZAircraftUpdate, ZAgreementPropertyParams, ZIdParams, ZInsurance, ZInsuranceCreate,
  ZInsuranceUpdate, ZMessage, type TSessionUser,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import * as links from './agreement-properties.repo';
import { agreementScopeOf, isLeaseAdmin, isPropertyAdmin } from './agreements.policy';
import { presentAircraft, presentInsurance } from './agreements.presenter';
import { loadAgreement } from './agreements.routes';
import * as items from './property-items.service';

const tags = ['agreements'];

/** Insurances and aircraft records are written by Lease or Property admins (approval: Lease admins). */
function requireItemWriter(user: TSessionUser | null): asserts user is TSessionUser {
  if (!isLeaseAdmin(user) && !isPropertyAdmin(user)) throw forbidden();
}

/** A row of another company (or none) is not found for this caller. */
function inScope<T extends { companyId: string }>(user: TSessionUser | null, row: T | null, what: string): T {
  const scope = agreementScopeOf(user);
  if (!row || (scope.companyId && scope.companyId !== row.companyId)) throw notFound(`${what} not found`);
  return row;
}

/** The link of a property to an agreement the caller may read; 404 when it is not part of it. */
async function linkOf(ctx: AppContext, user: TSessionUser | null, agreementId: string, propertyId: string) {
  await loadAgreement(ctx.db, user, agreementId);
  const link = await links.findAgreementProperty(ctx, ctx.db, agreementId, propertyId, '1970-01-01');
  if (!link) throw notFound('Property is not part of this agreement');
  return link;
}

/** The spec's Insurance... calls and the Aircrafts CRUD (tenant / aircraft records). */
export async function propertyItemsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  insuranceRoutes(r, ctx);
  aircraftRoutes(r, ctx);
}

function insuranceRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Insurances ----------------------------------------------------------------------------
  r.post(
    '/api/Insurances',
    { config: { access: 'signedIn' }, schema: { tags, body: ZAgreementPropertyParams, response: { 200: z.array(ZInsurance) } } },
    async (request, reply) => {
      const link = await linkOf(ctx, request.user, request.body.agreementId, request.body.propertyId);
      const rows = await links.listInsurances(ctx.db, link.id);
      sendTotalCount(reply, rows.length);
      return rows.map(presentInsurance);
    },
  );

  r.get('/api/Insurance/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZInsurance } } }, async (request) =>
    presentInsurance(inScope(request.user, await links.findInsurance(ctx.db, request.params.id), 'Insurance')),
  );

  r.post(
    '/api/Insurance/add',
    { config: { access: 'internal' }, schema: { tags, body: ZInsuranceCreate, response: { 201: ZInsurance } } },
    async (request, reply) => {
      requireItemWriter(request.user);
      const { agreementId, propertyId, ...values } = request.body;
      const row = await ctx.db.transaction((tx) => items.createInsurance(tx, signedInActorOf(request), agreementId, propertyId, values));
      return reply.status(201).send(presentInsurance((await links.findInsurance(ctx.db, row.id))!));
    },
  );

  r.put(
    '/api/Insurance/update/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, body: ZInsuranceUpdate, response: { 200: ZInsurance } } },
    async (request) => {
      requireItemWriter(request.user);
      const user = request.user;
      const current = inScope(user, await links.findInsurance(ctx.db, request.params.id), 'Insurance');
      await ctx.db.transaction((tx) => items.updateInsurance(tx, signedInActorOf(request), current.insurance, current.agreementId, request.body));
      return presentInsurance((await links.findInsurance(ctx.db, request.params.id))!);
    },
  );

  r.delete(
    '/api/Insurance/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => {
      requireItemWriter(request.user);
      const user = request.user;
      const current = inScope(user, await links.findInsurance(ctx.db, request.params.id), 'Insurance');
      await ctx.db.transaction((tx) => items.deleteInsurance(tx, signedInActorOf(request), current.insurance, current.agreementId));
      return { message: 'Deleted Successfully' };
    },
  );
}

function aircraftRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Aircraft (tenant records) -------------------------------------------------------------
  r.get(
    '/api/Aircrafts',
    { config: { access: 'signedIn' }, schema: { tags, querystring: ZAgreementPropertyParams, response: { 200: z.array(ZAircraft) } } },
    async (request, reply) => {
      const link = await linkOf(ctx, request.user, request.query.agreementId, request.query.propertyId);
      const rows = await links.listAircraft(ctx.db, link.id);
      sendTotalCount(reply, rows.length);
      return rows.map(presentAircraft);
    },
  );

  r.get('/api/Aircrafts/:id', { config: { access: 'signedIn' }, schema: { tags, params: ZIdParams, response: { 200: ZAircraft } } }, async (request) =>
    presentAircraft(inScope(request.user, await links.findAircraft(ctx.db, request.params.id), 'Aircraft')),
  );

  r.post('/api/Aircrafts', { config: { access: 'internal' }, schema: { tags, body: ZAircraftCreate, response: { 201: ZAircraft } } }, async (request, reply) => {
    requireItemWriter(request.user);
    const { agreementId, propertyId, ...values } = request.body;
    const row = await ctx.db.transaction((tx) => items.createAircraft(tx, signedInActorOf(request), agreementId, propertyId, values));
    return reply.status(201).send(presentAircraft((await links.findAircraft(ctx.db, row.id))!));
  });

  r.put(
    '/api/Aircrafts/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, body: ZAircraftUpdate, response: { 200: ZAircraft } } },
    async (request) => {
      requireItemWriter(request.user);
      const user = request.user;
      const current = inScope(user, await links.findAircraft(ctx.db, request.params.id), 'Aircraft');
      await ctx.db.transaction((tx) => items.updateAircraft(tx, signedInActorOf(request), current.aircraft, current.agreementId, request.body));
      return presentAircraft((await links.findAircraft(ctx.db, request.params.id))!);
    },
  );

  r.delete('/api/Aircrafts/:id', { config: { access: 'internal' }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    requireItemWriter(request.user);
    const user = request.user;
    const current = inScope(user, await links.findAircraft(ctx.db, request.params.id), 'Aircraft');
    await ctx.db.transaction((tx) => items.deleteAircraft(tx, signedInActorOf(request), current.aircraft, current.agreementId));
    return { message: 'Deleted Successfully' };
  });
}
