import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccessAnswer, ZAirport, ZAirportInput, ZIdParams, ZMyAirport, ZSessionAirport } from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { findAccountById } from '../../platform/auth/accounts.repo';
import { chooseSessionAirport, toSessionUser } from '../../platform/auth/sessions';
import { airportsOfAccount, findAirport, listAirports, workplaceOf } from '../../platform/tenancy/index';
import { presentAccess } from '../identity/index';
import { presentAirport, presentMyAirport } from './airports.presenter';
import { createAirport, editAirport } from './airports.service';

/**
 * Only administrators of the whole authority list, add and edit airports (docs/airports.md). The
 * route's rule is `internal` (anonymous callers get 401 before anything else); this check runs
 * right after it, before the body is read, like every access rule (PRODUCT-RULES 30).
 */
const AUTHORITY_ADMIN = {
  config: { access: 'internal' as const },
  onRequest: async (request: FastifyRequest) => {
    if (!request.user?.isAuthorityAdmin) throw forbidden('Only an administrator of the authority manages airports.');
  },
};

/** The switcher: where the caller works, and choosing where the session works now (docs/airports.md, "People"). */
function switcherRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['airports'];

  r.get(
    '/api/Airports/Mine',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(ZMyAirport) } } },
    async (request) => {
      const user = request.user!;
      const airports = await airportsOfAccount(ctx.db, user);
      return airports.map((airport) => presentMyAirport(airport, user.airportId));
    },
  );

  r.put(
    '/api/Session/Airport',
    { config: { access: 'signedIn' }, schema: { tags, body: ZSessionAirport, response: { 200: ZAccessAnswer } } },
    async (request) => {
      if (!request.session) throw fieldError('airportId', 'Only a signed-in browser session chooses its airport.');
      const account = await findAccountById(ctx.db, request.user!.id);
      if (!account) throw notFound('No account found.');
      // Only an airport the caller works at: any other is as unknown to them as a missing one.
      const mine = await airportsOfAccount(ctx.db, account);
      if (!mine.some((airport) => airport.id === request.body.airportId)) throw notFound('No airport found.');
      await chooseSessionAirport(ctx.db, request.session.id, request.body.airportId);
      return presentAccess(toSessionUser(account, await workplaceOf(ctx.db, account, request.body.airportId)));
    },
  );
}

/** Airports administration (authority administrators). */
export async function airportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  switcherRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['airports'];

  r.get(
    '/api/Airports',
    { ...AUTHORITY_ADMIN, schema: { tags, response: { 200: z.array(ZAirport) } } },
    async () => (await listAirports(ctx.db)).sort((a, b) => a.name.localeCompare(b.name)).map(presentAirport),
  );

  r.get(
    '/api/Airports/:id',
    { ...AUTHORITY_ADMIN, schema: { tags, params: ZIdParams, response: { 200: ZAirport } } },
    async (request) => {
      const airport = await findAirport(ctx.db, request.params.id);
      if (!airport) throw notFound('No airport found.');
      return presentAirport(airport);
    },
  );

  r.post(
    '/api/Airports',
    { ...AUTHORITY_ADMIN, schema: { tags, body: ZAirportInput, response: { 201: ZAirport } } },
    async (request, reply) => {
      const airport = await createAirport(ctx.db, ctx.plugins, signedInActorOf(request), request.body);
      return reply.status(201).send(presentAirport(airport));
    },
  );

  r.put(
    '/api/Airports/:id',
    { ...AUTHORITY_ADMIN, schema: { tags, params: ZIdParams, body: ZAirportInput, response: { 200: ZAirport } } },
    async (request) => presentAirport(await editAirport(ctx.db, signedInActorOf(request), request.params.id, request.body)),
  );
}
