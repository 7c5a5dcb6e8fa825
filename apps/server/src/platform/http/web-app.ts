import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPublicPages, PUBLIC_PAGE_MAX_AGE_S, rendererEntryOf } from './public-pages';

/** The built single-page app (apps/web/dist), when it has been built. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

/** Vite names what is under assets/ by content hash: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Security headers that only mean something on a document (or a worker, which we do not have):
 * left off the scripts and styles, where each would cost every file ~1 KB on a first visit
 * (39 files for a grid page). nosniff, CORP, HSTS and Referrer-Policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];

const PREFIXED_PAGE = /^\/a\/[^/?#]+(?:[/?#]|$)/;
const NO_SUCH_AIRPORT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
  '<body><h1>Not found</h1><p>There is no airport at this address.</p><p><a href="/">Home</a></p></body></html>';

/**
 * Serves the SPA: hashed assets cached for a year, index.html never cached, and every other
 * browser GET or HEAD outside /api, /oidc and /assets answered with index.html so client routes deep-link
 * (an airport's public pages under `/a/<prefix>/` too, when an airport has that prefix: docs/airports.md).
 * The web build writes a brotli (.br) and a gzip (.gz) copy next to each text asset
 * (apps/web/build/precompress.ts); `preCompressed` sends the copy the client accepts, so
 * nothing is compressed per request (and the response compression hook sees the
 * Content-Encoding and leaves it alone).
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string = WEB_DIST,
  options: { rendererEntry?: string; publicPageTtlMs?: number } = {},
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | null> {
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web app not built (${root}); run "npm run build" to serve the portal`);
    return null;
  }
  // `/`, `/listings` and `/tiedown/create` are drawn on the server (public-pages.ts); null without the renderer.
  const publicPages = await createPublicPages(app, {
    indexHtml: fs.readFileSync(index, 'utf8'),
    rendererEntry: options.rendererEntry ?? rendererEntryOf(root),
    ttlMs: options.publicPageTtlMs,
  });
  const sendShell = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  /** The same HTML for every visitor, so shared caches may keep it briefly; else the app shell. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const document = await publicPages!(request).catch((error: unknown) => {
      request.log.error({ err: error }, 'the public page could not be served from the server render; the app shell was sent');
      return null;
    });
    if (document === null) return sendShell(reply);
    // Compressed when rendered (public-pages.ts); the response compression hook leaves an encoded body alone.
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('Cache-Control', `public, max-age=${PUBLIC_PAGE_MAX_AGE_S}`).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? document.br : encoding === 'gzip' ? document.gzip : document.html);
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours (setHeaders), not send's default `max-age=0`.
    cacheControl: false,
    // The compressed copies are sent by negotiation, never asked for by name.
    allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      if (immutable) {
        // `res` is the Node response (reply.raw), where helmet set them; the type shows only part of it.
        const raw = res as unknown as Pick<ServerResponse, 'removeHeader'>;
        for (const name of DOCUMENT_ONLY_HEADERS) raw.removeHeader(name);
      }
      // The same URL answers br, gzip or plain by Accept-Encoding: caches must key on it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return (request, reply) => {
    const url = request.url;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // A missing hashed asset (an old build's chunk) is a 404, not the page in its place.
    if (url.startsWith('/api') || url.startsWith('/oidc') || url.startsWith('/assets/')) return false;
    // `/a/<prefix>/...` is an airport's public pages; a prefix no airport has is no airport's page.
    if (PREFIXED_PAGE.test(url) && !request.airportScope.airportId) {
      reply.status(404).header('Cache-Control', 'no-cache').type('text/html').send(NO_SUCH_AIRPORT);
      return true;
    }
    if (publicPages) void sendPage(request, reply);
    else sendShell(reply);
    return true;
  };
}
