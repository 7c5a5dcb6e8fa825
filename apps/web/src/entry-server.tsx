import { CacheProvider } from '@emotion/react';
import { dehydrate } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { airportPrefixOf } from './lib/airport-path';
import { createQueryClient } from './lib/query-client';
import { drawAsVisitorUntilSessionKnown } from './lib/session';
import { createServerEmotionCache, styleTagsOf } from './server/emotion-styles';
import { isServerRenderedPath, loadPublicPageData, type TServerApi } from './server/public-page-data';

export type { TServerApi, TServerApiAnswer } from './server/public-page-data';
export { SERVER_DATA_ELEMENT_ID } from './server-render-contract';

/** A public page drawn on the server (docs/adr/0008-public-pages-server-rendered.md). */
export interface TRenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** `<style data-emotion>` elements for `<head>`. */
  styles: string;
  /** The query data the markup was drawn from, as JSON safe inside a `<script type="application/json">`. */
  data: string;
}

// The server draws every page as a visitor's: nothing of a session is ever in its markup.
drawAsVisitorUntilSessionKnown();

/** JSON that cannot end its script element nor open a comment in it (`<` as \u003c), nor end a line in old parsers. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page's path below the airport's `/a/<prefix>` (the router's basename), when it is a server-rendered one. */
function pagePathOf(address: URL): { below: string; basename: string | undefined } | null {
  const prefix = airportPrefixOf(address.pathname);
  const basename = prefix ? `/a/${prefix}` : undefined;
  const below = basename ? address.pathname.slice(basename.length) || '/' : address.pathname;
  return isServerRenderedPath(below) ? { below, basename } : null;
}

/**
 * The page at `url` (path and query, with the `/a/<prefix>` of an airport's pages) as a visitor
 * sees it, or null when it is not one of the server-rendered public pages. `api` answers the
 * page's calls for the visitor's airport. Throws when a call or the render fails: the server
 * then sends the app shell.
 */
export async function renderPublicPage(url: string, api: TServerApi): Promise<TRenderedPage | null> {
  const address = new URL(url, 'http://apron.invalid');
  const page = pagePathOf(address);
  if (!page) return null;
  const { below, basename } = page;

  const queryClient = createQueryClient();
  await loadPublicPageData(queryClient, below, address.searchParams, api);
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createServerEmotionCache();
  // `prerender` waits for every lazy part (the landing page is a lazy chunk) before it answers.
  // No boundary is sent apart with a script to move it in (React does that for large boundaries):
  // the CSP runs no inline script, and the whole page is ready anyway.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  return { html, styles: styleTagsOf(cache), data: scriptSafeJson(dehydrate(queryClient)) };
}

/** Whether `url` is one of the server-rendered public pages (the server asks before it renders or caches). */
export function isServerRenderedPage(url: string): boolean {
  return pagePathOf(new URL(url, 'http://apron.invalid')) !== null;
}
