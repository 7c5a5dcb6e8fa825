import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AIRPORT_HEADER, airportPrefixOf } from '../tenancy/request-airport';

/**
 * The public pages drawn on the server (docs/adr/0008-public-pages-server-rendered.md): `/`,
 * `/listings` and `/tiedown/create` arrive as HTML with their text, their styles and the data
 * they were drawn from, and the page's script hydrates them. The renderer is the web app's
 * server build (apps/web/dist-server/entry-server.js, `vite build --ssr`); its contract is below.
 */

/** One answer of the public API as the renderer reads it. */
export interface ServerApiAnswer {
  status: number;
  headers: Pick<Headers, 'get'>;
  body: unknown;
}
type ServerApi = (apiPath: string, query?: Record<string, string | number | undefined>) => Promise<ServerApiAnswer>;
interface RenderedPage {
  html: string;
  styles: string;
  data: string;
}
/** apps/web/src/entry-server.tsx: null when the URL is not a server-rendered page. */
interface PublicPageRendererModule {
  isServerRenderedPage(url: string): boolean;
  renderPublicPage(url: string, api: ServerApi): Promise<RenderedPage | null>;
  SERVER_DATA_ELEMENT_ID: string;
}

/** Browsers and shared caches may keep a page this long (seconds); with the server's own copy a change shows within a minute. */
export const PUBLIC_PAGE_MAX_AGE_S = 30;
/** How long the server reuses a rendered page (per airport and URL). */
export const PUBLIC_PAGE_TTL_MS = 30_000;
/** How many rendered pages are kept: the listings' query string makes URLs unbounded. */
const MAX_CACHED_PAGES = 500;

export interface PublicPagesOptions {
  /** The built index.html the markup goes into. */
  indexHtml: string;
  /** The renderer module (default: dist-server/entry-server.js beside the web app's dist). */
  rendererEntry: string;
  ttlMs?: number;
}

/** A rendered document and its compressed copies, made once per render rather than per request. */
export interface PublicPageDocument {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

interface CachedPage {
  expiresAt: number;
  /** The document, or null for a URL that is not a server-rendered page; shared while it renders. */
  document: Promise<PublicPageDocument | null>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressed(html: string): Promise<PublicPageDocument> {
  const [br, gz] = await Promise.all([brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }), gzipAsync(html, { level: 9 })]);
  return { html, br, gzip: gz };
}

/** What every request to the public API from the renderer carries: the visitor's airport, nothing of their session. */
function visitorHeaders(request: FastifyRequest): Record<string, string> {
  const prefix = airportPrefixOf(request);
  return { host: request.hostname, accept: 'application/json', ...(prefix ? { [AIRPORT_HEADER]: prefix } : {}) };
}

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  return headers;
}

/**
 * The renderer, or null when the web app's server build is missing (the app shell is served then)
 * or cannot be loaded.
 */
async function loadRenderer(app: FastifyInstance, entry: string): Promise<PublicPageRendererModule | null> {
  if (!fs.existsSync(entry)) {
    app.log.warn(`public pages are not server-rendered: ${entry} is missing (run "npm run build")`);
    return null;
  }
  try {
    return (await import(pathToFileURL(entry).href)) as PublicPageRendererModule;
  } catch (error) {
    app.log.error({ err: error }, 'public pages are not server-rendered: their renderer failed to load');
    return null;
  }
}

/**
 * Answers a page request with its server-rendered document, or null (not such a page, no
 * renderer, or the render failed: the caller sends the app shell, never an error page).
 */
export async function createPublicPages(app: FastifyInstance, options: PublicPagesOptions): Promise<((request: FastifyRequest) => Promise<PublicPageDocument | null>) | null> {
  const loaded = await loadRenderer(app, options.rendererEntry);
  if (!loaded) return null;
  const renderer = loaded;
  const ttlMs = options.ttlMs ?? PUBLIC_PAGE_TTL_MS;
  const [beforeRoot, afterRoot] = options.indexHtml.split('<div id="root"></div>');
  if (afterRoot === undefined || !beforeRoot!.includes('</head>')) {
    app.log.warn('public pages are not server-rendered: index.html has no <div id="root"></div> or </head>');
    return null;
  }
  const cache = new Map<string, CachedPage>();

  async function render(request: FastifyRequest): Promise<PublicPageDocument | null> {
    const headers = visitorHeaders(request);
    const api: ServerApi = async (apiPath, query) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') search.set(key, String(value));
      const res = await app.inject({ method: 'GET', url: `/api${apiPath}${search.size ? `?${search}` : ''}`, headers });
      return { status: res.statusCode, headers: headersOf(res.headers), body: res.statusCode === 200 ? res.json() : null };
    };
    const page = await renderer.renderPublicPage(request.url, api);
    if (!page) return null;
    const data = `<script type="application/json" id="${renderer.SERVER_DATA_ELEMENT_ID}">${page.data}</script>`;
    return compressed(`${beforeRoot!.replace('</head>', `${page.styles}</head>`)}<div id="root">${page.html}</div>${data}${afterRoot}`);
  }

  return async (request) => {
    if (!renderer.isServerRenderedPage(request.url)) return null;
    const airportId = await app.visitorAirportOf(request);
    const key = `${airportId}\n${request.url}`;
    const now = Date.now();
    let entry = cache.get(key);
    // Delete and set again: the Map's order is then the order of last use.
    cache.delete(key);
    if (!entry || entry.expiresAt <= now) {
      const rendering: CachedPage = { expiresAt: now + ttlMs, document: render(request) };
      // A failed render is not kept: the next visitor tries again.
      rendering.document.catch(() => {
        if (cache.get(key) === rendering) cache.delete(key);
      });
      entry = rendering;
    }
    cache.set(key, entry);
    // Least recently used first: drop beyond the bound.
    for (const oldest of cache.keys()) {
      if (cache.size <= MAX_CACHED_PAGES) break;
      cache.delete(oldest);
    }
    try {
      return await entry.document;
    } catch (error) {
      request.log.error({ err: error }, 'a public page could not be rendered on the server; the app shell was sent');
      return null;
    }
  };
}

/** Where the renderer is beside a web app's dist folder. */
export function rendererEntryOf(webDist: string): string {
  return path.join(webDist, '..', 'dist-server', 'entry-server.js');
}
