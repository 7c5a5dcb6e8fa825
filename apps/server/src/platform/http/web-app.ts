import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The built single-page app (apps/web/dist), when it has been built. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

/**
 * Serves the SPA: hashed assets cached for a year, index.html never cached, and every other
 * browser GET outside /api and /oidc answered with index.html so client routes deep-link.
 */
export async function registerWebApp(app: FastifyInstance): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | null> {
  const index = path.join(WEB_DIST, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${WEB_DIST}); run "npm run build" to serve the portal`);
    return null;
  }
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    const url = request.url;
    if (request.method !== 'GET' || url.startsWith('/api') || url.startsWith('/oidc')) return false;
    reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    return true;
  };
}
