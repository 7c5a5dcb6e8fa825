import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManageAirportLogo, ZAirport, ZIdParams } from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { findAirport, logoVersionOf } from '../../platform/tenancy/index';
import { presentAirport } from './airports.presenter';
import { removeAirportLogo, setAirportLogo } from './airport-logo.service';

const tags = ['airports'];
/** A logo's address carries its version (`?v=`), so a replaced logo is a new address: caches may keep one a day. */
const ONE_DAY = 24 * 60 * 60;

/**
 * Who may change this airport's logo (`canManageAirportLogo`): an authority administrator, or an
 * administrator of Settings working at this airport. An administrator of another airport gets 404,
 * as for every id of another airport; a non-administrator at the airport gets 403.
 */
const LOGO_MANAGER = {
  config: { access: 'internal' as const },
  onRequest: async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const user = request.user!;
    if (canManageAirportLogo(user, request.params.id)) return;
    if (user.airportId !== request.params.id) throw notFound('No airport found.');
    throw forbidden('Only an administrator of this airport sets its logo.');
  },
};

/** The single file of a multipart request (the files limit is 1; 413 past the upload limit). */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('file', 'Send the logo as multipart/form-data');
  const file = await request.file();
  if (!file) throw fieldError('file', 'Choose an image');
  return file.toBuffer();
}

/** An airport's logo: set, replace and remove (docs/airports.md, "Logo"), and its public address. */
export function airportLogoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/api/Airports/:id/Logo', { ...LOGO_MANAGER, schema: { tags, params: ZIdParams, response: { 200: ZAirport } } }, async (request) => {
    const bytes = await readLogoUpload(request);
    return presentAirport(await setAirportLogo(ctx.db, ctx.files, signedInActorOf(request), request.params.id, bytes));
  });

  r.delete('/api/Airports/:id/Logo', { ...LOGO_MANAGER, schema: { tags, params: ZIdParams, response: { 200: ZAirport } } }, async (request) =>
    presentAirport(await removeAirportLogo(ctx.db, ctx.files, signedInActorOf(request), request.params.id)),
  );

  // Public: visitors' pages show it, and e-mail clients and PDFs are not signed in. A logo is
  // what the airport shows the world; an airport without one (or an unknown id) is a 404.
  r.get(
    '/api/Airports/:id/Logo',
    { config: { access: 'public' }, schema: { tags, params: ZIdParams, querystring: z.object({ v: z.string().max(80).optional() }) } },
    async (request, reply) => {
      const airport = await findAirport(ctx.db, request.params.id);
      if (!airport?.logoKey) throw notFound('No logo.');
      const etag = `"${logoVersionOf(airport.logoKey)}"`;
      reply.header('cache-control', `public, max-age=${ONE_DAY}`).header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/png').send(await ctx.files.get(airport.logoKey));
    },
  );
}
