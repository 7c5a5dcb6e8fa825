import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HAS_NEXT_PAGE_HEADER } from '@apron/core/common/headers';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER, ZListingAttribute, ZListingsQuery, ZListingType, ZPublicListing } from '@apron/core';
import type { AppContext } from '../../platform/context';
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
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
      reply.header(HAS_NEXT_PAGE_HEADER, String(hasNextPage));
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
