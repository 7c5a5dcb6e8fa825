import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListingAttribute, ZListingsQuery, ZListingType, ZPublicListing } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { sendListCount } from '../../platform/http/list-count';
import { findListingAttributes, findListingTypes, findPublicListings } from './listings.repo';
import { presentListing } from './properties.presenter';

const tags = ['listings'];

/** The public `/listings` page (no sign-in): listing fields only, through `ZPublicListing`. */
export async function listingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Listings',
    { config: { access: 'public' }, schema: { tags, querystring: ZListingsQuery, response: { 200: z.array(ZPublicListing) } } },
    async (request, reply) => {
      const { rows, total, capped, hasNextPage } = await findPublicListings(ctx.db, request.query);
      sendListCount(reply, { total, estimated: false, capped, hasNextPage });
      return rows.map(presentListing);
    },
  );

  r.get('/api/Listings/Types', { config: { access: 'public' }, schema: { tags, response: { 200: z.array(ZListingType) } } }, async () =>
    findListingTypes(ctx.db),
  );

  r.get('/api/Listings/Attributes', { config: { access: 'public' }, schema: { tags, response: { 200: z.array(ZListingAttribute) } } }, async () =>
    findListingAttributes(ctx.db),
  );
}
