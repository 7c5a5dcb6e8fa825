import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { satisfies, type TAccessRule, type TSessionUser } from '@apron/core';
import type { Db } from '../../db/client';
import { AppError } from '../errors/app-error';
import { ANON_COOKIE, CSRF_HEADER, anonymousCsrfToken, tokensMatch } from '../auth/csrf';
import { SESSION_COOKIE, createSessionLookup } from '../auth/sessions';
import { airportPrefixOf } from '../tenancy/request-airport';
import { onDeploymentTables } from '../tenancy/airport-context';

/** A route's access: a rule from the permission table, or a policy over the caller. */
export type AccessPolicy = (user: TSessionUser | null, request: FastifyRequest) => boolean;
export type RouteAccess = TAccessRule | AccessPolicy;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every /api route must declare it or the server refuses to boot. */
    access?: RouteAccess;
    /** Set false only for calls that cannot carry a token (none today). */
    csrf?: boolean;
    /**
     * A deployment's operational endpoint (health probes, /metrics: platform/observability),
     * called by load balancers and scrapers, never by a person: no session or bearer lookup and no
     * airport, so it answers while the database is down. Its handler checks any credential itself.
     */
    operations?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route's method, URL and rule, as declared (the access table; tests walk it). */
    routeAccess: ReadonlyArray<DeclaredAccess>;
  }
  interface FastifyRequest {
    user: TSessionUser | null;
    /** The browser session behind the request; null for bearer and anonymous callers. */
    session: { id: string; csrfToken: string; idToken: string | null } | null;
    authKind: 'session' | 'bearer' | null;
  }
}

export interface DeclaredAccess {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface AccessOptions {
  db: Db;
  sessionSecret: string;
  secureCookies: boolean;
  /** Resolves a bearer access token to an account (identity module); null when invalid. */
  verifyBearer?: (token: string) => Promise<TSessionUser | null>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requiresUser(access: RouteAccess): boolean {
  return typeof access === 'string' && access !== 'public';
}

async function accessPlugin(app: FastifyInstance, options: AccessOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('authKind', null);

  const declared: DeclaredAccess[] = [];
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${url} declares no access rule (config.access)`);
    }
    for (const method of [route.method].flat()) declared.push({ method, url, access });
  });

  const findSession = createSessionLookup(options.db);

  /** A session cookie, or a bearer token from the configured issuer. */
  async function authenticate(request: FastifyRequest): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ') && options.verifyBearer) {
      const user = await options.verifyBearer(authorization.slice(7).trim());
      if (!user) throw new AppError('UNAUTHENTICATED', 'Session not Valid');
      request.user = user;
      request.authKind = 'bearer';
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    // Sessions and accounts are the deployment's tables: the lookup runs on any connection as it is.
    const found = token ? await onDeploymentTables(() => findSession(token)) : null;
    if (!found) return;
    request.user = found.user;
    request.session = { id: found.sessionId, csrfToken: found.csrfToken, idToken: found.idToken };
    request.authKind = 'session';
  }

  /** Browsers must prove the request came from our pages; bearer clients are not browsers. */
  function checkCsrf(request: FastifyRequest): void {
    if (!MUTATING.has(request.method) || request.authKind === 'bearer' || request.routeOptions.config.csrf === false) return;
    const given = request.headers[CSRF_HEADER];
    const header = Array.isArray(given) ? given[0] : given;
    const anonId = request.cookies[ANON_COOKIE];
    const expected = request.session ? request.session.csrfToken : anonId ? anonymousCsrfToken(options.sessionSecret, anonId) : null;
    if (!expected || !tokensMatch(expected, header)) {
      throw new AppError('CSRF', 'Your page has expired. Reload it and try again.');
    }
  }

  // Authenticate, check CSRF and authorize as soon as the route is known: before the body is
  // parsed or validated, so a caller without access learns nothing of its rules (PRODUCT-RULES 30).
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.operations) return;
    const access = request.routeOptions.config?.access;
    if (!access) {
      // Pages outside the API (the sign-in pages, the web app) are a visitor's.
      request.airportScope.airportId = await app.visitorAirportOf(request);
      return;
    }
    await authenticate(request);
    // From here on every query of the request sees the caller's airport only (platform/tenancy).
    // A signed-in caller's airport is where they work, whatever airport's pages they call from.
    request.airportScope.airportId = request.user ? request.user.airportId : await app.visitorAirportOf(request);
    if (!request.airportScope.airportId && !request.user && airportPrefixOf(request) !== null) {
      throw new AppError('NOT_FOUND', 'There is no such airport.');
    }
    if (!request.user && requiresUser(access)) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    checkCsrf(request);
    // A policy function sees the raw path parameters (strings, not yet validated).
    const allowed = typeof access === 'function' ? access(request.user, request) : satisfies(request.user, access);
    if (allowed) return;
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  });

  /** The token the SPA sends as X-CSRF-Token; anonymous visitors get a signed cookie pair. */
  app.get('/api/CSRF', { config: { access: 'public' } }, async (request, reply) => {
    if (request.session) return { csrfToken: request.session.csrfToken };
    let anonId = request.cookies[ANON_COOKIE];
    if (!anonId) {
      anonId = randomBytes(24).toString('base64url');
      reply.setCookie(ANON_COOKIE, anonId, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies });
    }
    return { csrfToken: anonymousCsrfToken(options.sessionSecret, anonId) };
  });
}

export default fp(accessPlugin, { name: 'apron-access', dependencies: ['apron-request-airport'] });
