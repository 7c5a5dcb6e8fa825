import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { continueInScope, type AirportScope } from './airport-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's airport scope: named once the caller is known (access plugin). */
    airportScope: AirportScope;
  }
}

/** How long the list of airports' host names is reused before it is read again. */
const AIRPORTS_CACHE_MS = 10_000;

interface PublicAirports {
  byHost: Map<string, string>;
  byPrefix: Map<string, string>;
  fallback: string | null;
  readAt: number;
}

/**
 * Every request runs in an airport scope of its own (airport-context.ts) from its first hook, so
 * nothing it does can use another request's airport. The scope starts with no airport; the access
 * plugin names it as soon as the caller is known: a signed-in caller's airport is where they work
 * now (workplace.ts); a visitor's is the airport whose public host name the request came to, or
 * the first airport (a deployment with one airport keeps its URLs).
 */
async function requestAirportPlugin(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.decorateRequest('airportScope', null as unknown as AirportScope);
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: AirportScope = { airportId: null, system: false };
    request.airportScope = scope;
    continueInScope(scope, done);
  });

  let cached: PublicAirports | null = null;
  async function publicAirports(): Promise<PublicAirports> {
    if (cached && Date.now() - cached.readAt < AIRPORTS_CACHE_MS) return cached;
    // On the platform's own connections: reading the list never re-scopes an app connection.
    const { rows } = await options.database.platformQuery(
      'select id, lower(public_host) as host, lower(path_prefix) as prefix from airports where enabled order by created_at, id',
    );
    const byHost = new Map<string, string>();
    const byPrefix = new Map<string, string>();
    for (const row of rows) {
      if (row.host) byHost.set(String(row.host), String(row.id));
      if (row.prefix) byPrefix.set(String(row.prefix), String(row.id));
    }
    cached = { byHost, byPrefix, fallback: rows[0] ? String(rows[0].id) : null, readAt: Date.now() };
    return cached;
  }

  app.decorate('visitorAirportOf', async (request: FastifyRequest): Promise<string | null> => {
    const airports = await publicAirports();
    // A prefix names one airport or none: an unknown one is a 404, never the first airport's pages.
    const prefix = airportPrefixOf(request);
    if (prefix !== null) return airports.byPrefix.get(prefix) ?? null;
    return airports.byHost.get(request.hostname.toLowerCase().replace(/:\d+$/, '')) ?? airports.fallback;
  });
}

/** The header the web app sends with every API call when its pages are under `/a/<prefix>/`. */
export const AIRPORT_HEADER = 'x-airport';

/** `/a/<prefix>` or `/a/<prefix>/...`: the public pages of the airport with that path prefix. */
const PREFIXED_PAGE = /^\/a\/([^/?#]+)(?:[/?#]|$)/;

/**
 * The path prefix a visitor's request names, lower-cased: the X-Airport header (the web app's API
 * calls), else a page under `/a/<prefix>/`; null when it names none (host name, else first airport).
 */
export function airportPrefixOf(request: FastifyRequest): string | null {
  const given = request.headers[AIRPORT_HEADER];
  const header = (Array.isArray(given) ? given[0] : given)?.trim();
  if (header) return header.toLowerCase();
  if (request.url.startsWith('/api/')) return null;
  const page = PREFIXED_PAGE.exec(request.url);
  return page ? page[1]!.toLowerCase() : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The airport a visitor's request is for: the one its path prefix names (X-Airport header or
     * `/a/<prefix>/` page; null when no airport has it), else its host name's, else the first airport.
     */
    visitorAirportOf(request: FastifyRequest): Promise<string | null>;
  }
}

export default fp(requestAirportPlugin, { name: 'apron-request-airport' });
