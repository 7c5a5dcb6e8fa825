import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { createAppMetrics } from './metrics';
import { createReadinessCheck } from './readiness';

/** The route label of a request no route matched (a 404, the web app's pages): one series for all. */
const UNMATCHED_ROUTE = 'unmatched';

const ZCheckStatus = z.enum(['ok', 'down', 'pending', 'unknown']);
const ZReadiness = z.object({ status: z.enum(['ready', 'unavailable']), checks: z.object({ database: ZCheckStatus, migrations: ZCheckStatus }) });

/** Equal tokens, in a time that does not depend on where they differ (nor on their lengths). */
function isSameToken(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Operations (docs/operations.md): request timing for the metrics, /metrics for Prometheus, and
 * the health probes of load balancers. Every figure lives in this app's own registry.
 */
export async function registerObservability(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerMetrics(app, ctx);
  registerHealthProbes(app, ctx);
}

/**
 * Nothing is measured while METRICS_TOKEN is unset: no registry, no timing hook, no process
 * collectors (their event-loop and GC observers live as long as the process).
 */
function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  const metrics = token ? createAppMetrics(ctx.database) : null;

  if (metrics) {
    // The route pattern (`/api/Invoice/:id`), never the URL: one series per route, whatever the ids.
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest({ method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }

  app.get('/metrics', { config: { access: 'public', operations: true }, schema: { hide: true } }, async (request, reply) => {
    // Off: answered as the not-found handler answers a path that does not exist.
    if (!token || !metrics) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No route GET /metrics' });
    const authorization = request.headers.authorization ?? '';
    const given = authorization.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    if (!isSameToken(token, given)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ code: 'UNAUTHENTICATED', message: 'The metrics token is missing or wrong.' });
    }
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

function registerHealthProbes(app: FastifyInstance, ctx: AppContext): void {
  const checkReadiness = createReadinessCheck(ctx.database);

  app.get(
    '/api/health/live',
    {
      config: { access: 'public', operations: true },
      schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('live') }) } },
    },
    // The process runs its event loop: nothing else is asked (a database outage must not get it restarted).
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public', operations: true },
      schema: { tags: ['operations'], response: { 200: ZReadiness, 503: ZReadiness } },
    },
    async (request, reply) => {
      const readiness = await checkReadiness();
      if (readiness.ready) return { status: 'ready' as const, checks: readiness.checks };
      request.log.warn({ checks: readiness.checks }, 'readiness check failed');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable' as const, checks: readiness.checks });
    },
  );
}
