import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GEOCODER_UNAVAILABLE_MESSAGE, ZGeocodeQuery, ZGeocodeResult, type TGeocodeResult } from '@apron/core';
import type { Config } from '../../config';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors/app-error';

const tags = ['properties'];

/** Never wait longer than this for the address search service: the picker must stay snappy. */
const GEOCODER_TIMEOUT_MS = 4000;
const MAX_RESULTS = 5;

/**
 * Per person (or per address before sign-in would matter): public geocoders such as Nominatim
 * allow about one request a second per application, and the picker debounces typing anyway.
 */
export const GEOCODE_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  // After the access check, so request.user is known and refused calls cost nothing.
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
};

/** One Nominatim `jsonv2` result; other fields are ignored, and anything unparsable is skipped. */
const ZNominatimPlace = z.object({
  display_name: z.string().min(1),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

function unavailable(): AppError {
  return new AppError('UNAVAILABLE', GEOCODER_UNAVAILABLE_MESSAGE);
}

/** Asks the configured Nominatim-compatible service; any failure becomes the same 503. */
export async function searchPlaces(config: Config, q: string, request: FastifyRequest): Promise<TGeocodeResult[]> {
  const url = new URL(config.geocoderUrl);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(MAX_RESULTS));
  url.searchParams.set('q', q);
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': `Apron/0.1 (${config.publicUrl})` },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) {
      request.log.warn({ status: response.status }, 'geocoder answered with an error');
      throw unavailable();
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The upstream's error stays in the log: the caller only learns the service is unavailable.
    request.log.warn({ err: error }, 'geocoder unreachable');
    throw unavailable();
  }
  if (!Array.isArray(body)) {
    request.log.warn('geocoder answered with something other than a list');
    throw unavailable();
  }
  const results: TGeocodeResult[] = [];
  for (const item of body.slice(0, MAX_RESULTS)) {
    const place = ZNominatimPlace.safeParse(item);
    if (place.success) results.push({ label: place.data.display_name, lat: place.data.lat, lon: place.data.lon });
  }
  return results;
}

/** `GET /api/Geocode?q=`: the location picker's address search, proxied so the browser's CSP stays 'self'. */
export async function geocodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Geocode',
    {
      config: { access: 'module:Property', rateLimit: GEOCODE_RATE_LIMIT },
      schema: { tags, querystring: ZGeocodeQuery, response: { 200: z.array(ZGeocodeResult) } },
    },
    async (request) => searchPlaces(ctx.config, request.query.q, request),
  );
}
