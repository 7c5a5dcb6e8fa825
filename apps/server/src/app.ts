import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS, type TSessionUser } from '@apron/core';
import type { Config } from './config';
import type { Database } from './db/client';
import accessPlugin from './platform/access/access.plugin';
import requestAirportPlugin from './platform/tenancy/request-airport';
import { registerErrorHandler } from './platform/errors/error-handler';
import { registerRequestGuards } from './platform/http/request-guards';
import { registerWebApp } from './platform/http/web-app';
import { registerCompression } from './platform/http/compression';
import { registerSecurityHeaders } from './platform/http/security-headers';
import type { AppContext } from './platform/context';
import { createJobs, type Jobs } from './platform/jobs/index';
import { serializeRequestForLog } from './platform/http/log-redaction';
import { createFileStorage } from './platform/files/index';
import { MODULES } from './modules/index';
import { squareCspAdditions } from './platform/payments/square-csp';
import { createPostgresRateLimitStore } from './platform/rate-limit/postgres-store';
import { PluginRegistry } from './platform/plugins/registry';
import { createBearerVerifier } from './modules/identity/index';
import { registerObservability } from './platform/observability/observability.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Pino options; tests pass `false`. */
  logger?: boolean | Record<string, unknown>;
  /** Resolves a bearer access token (identity module). */
  verifyBearer?: (token: string) => Promise<TSessionUser | null>;
  /** Serve apps/web/dist (off in server tests). */
  serveWeb?: boolean;
  /** The built web app to serve (default apps/web/dist; tests pass a folder of their own). */
  webDist?: string;
  /** The public pages' renderer (default: dist-server/entry-server.js beside webDist; tests pass the source). */
  webRendererEntry?: string;
  /** How long a server-rendered public page is reused (default 30 s; tests shorten it). */
  publicPageTtlMs?: number;
}

export function loggerOptions(level: string): Record<string, unknown> {
  return {
    level,
    // No cookies, tokens or passwords in logs.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    // Private links and pay links carry their secret in the URL (platform/http/log-redaction.ts).
    serializers: { req: serializeRequestForLog },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
    /** This app's plug-ins (ctx.plugins): tests stand in for a provider through it. */
    plugins: PluginRegistry;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First of all hooks: every request runs in an airport scope of its own (platform/tenancy).
  await app.register(requestAirportPlugin, { database });
  await app.register(cookie);
  // Square's Web Payments SDK (card form) only when Square is configured; otherwise nothing added.
  const square = squareCspAdditions(config.square);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...square.scriptSrc],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...square.styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...square.imgSrc],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...square.connectSrc],
        ...(square.frameSrc.length > 0 ? { frameSrc: ["'self'", ...square.frameSrc] } : {}),
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.oidc ? [new URL(config.oidc.issuer).origin] : [])],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Before any route: compression hooks attach to the routes added after it.
  await registerCompression(app);
  // Counters in the database: every instance counts against the same limit.
  await app.register(rateLimit, { global: false, store: createPostgresRateLimitStore(database) });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Apron API', version: '0.1.0', description: 'Airport property and lease portal' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Before any route: Fastify binds a route's error handler when the route is added.
  registerErrorHandler(app);
  // A NUL in any input, or a multipart body without a boundary: a 400 naming the field, not a 500.
  registerRequestGuards(app);
  await app.register(accessPlugin, {
    db: database.db,
    sessionSecret: config.sessionSecret,
    secureCookies: config.secureCookies,
    // Bearer access tokens of API clients (identity module); tests get the same verifier.
    verifyBearer: deps.verifyBearer ?? createBearerVerifier(config, database.db),
  });

  // Jobs are defined by modules at registration and run only once started (Services.start).
  const jobs = createJobs({ database, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  const plugins = new PluginRegistry();
  app.decorate('plugins', plugins);
  const ctx: AppContext = { config, database, db: database.db, log: app.log, jobs, files: createFileStorage(config), plugins };
  // Before the modules: its timing hook sees every route (platform/observability).
  await registerObservability(app, ctx);
  for (const register of MODULES) await register(app, ctx);

  const serveSpa = deps.serveWeb === false ? null : await registerWebApp(app, deps.webDist, { rendererEntry: deps.webRendererEntry, publicPageTtlMs: deps.publicPageTtlMs });
  app.setNotFoundHandler((request, reply) => {
    if (serveSpa?.(request, reply)) return;
    reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
