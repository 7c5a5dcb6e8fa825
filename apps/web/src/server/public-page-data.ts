import type { QueryClient } from '@tanstack/react-query';
import { listingsPageQueryKey, LISTING_ATTRIBUTES_QUERY_KEY, LISTING_TYPES_QUERY_KEY } from '../features/listings/listings-api';
import { listingsRequestQuery, readListingsState } from '../features/listings/listings-url';
import { TIEDOWN_FORM_QUERY_KEY } from '../features/tiedowns/public-api';
import { listResultOf } from '../lib/api-client';
import { APP_CONFIG_QUERY_KEY } from '../lib/session';

/** One answer of the server's own public API (asked in-process, without the visitor's cookies). */
export interface TServerApiAnswer {
  status: number;
  headers: Pick<Headers, 'get'>;
  body: unknown;
}

/** `GET /api<path>?<query>` for the visitor's airport, as an anonymous caller. */
export type TServerApi = (path: string, query?: Record<string, string | number | undefined>) => Promise<TServerApiAnswer>;

/** The pages drawn on the server, by path below the airport's prefix. */
const SERVER_RENDERED_PATHS = new Set(['/', '/listings', '/tiedown/create']);

export function isServerRenderedPath(path: string): boolean {
  return SERVER_RENDERED_PATHS.has(path);
}

async function ask(api: TServerApi, path: string, query?: Record<string, string | number | undefined>): Promise<TServerApiAnswer> {
  const answer = await api(path, query);
  // A failed call makes no page: the server sends the plain app shell, which asks again itself.
  if (answer.status !== 200) throw new Error(`GET /api${path} answered ${answer.status} to the server render`);
  return answer;
}

/**
 * Fills the query cache with what the page's first render reads, under the keys the page's own
 * hooks use, so the markup is the page with its data and hydration renders the same markup.
 */
export async function loadPublicPageData(queryClient: QueryClient, path: string, search: URLSearchParams, api: TServerApi): Promise<void> {
  const loads: Array<Promise<void>> = [
    ask(api, '/AppConfig').then((answer) => void queryClient.setQueryData(APP_CONFIG_QUERY_KEY, answer.body)),
  ];
  if (path === '/listings') {
    const query = listingsRequestQuery(readListingsState(search));
    loads.push(
      ask(api, '/Listings/Types').then((answer) => void queryClient.setQueryData(LISTING_TYPES_QUERY_KEY, answer.body)),
      ask(api, '/Listings/Attributes').then((answer) => void queryClient.setQueryData(LISTING_ATTRIBUTES_QUERY_KEY, answer.body)),
      ask(api, '/Listings', query).then((answer) => void queryClient.setQueryData(listingsPageQueryKey(query), listResultOf(answer.body, answer.headers))),
    );
  }
  if (path === '/tiedown/create') {
    loads.push(ask(api, '/TieDown/Form').then((answer) => void queryClient.setQueryData(TIEDOWN_FORM_QUERY_KEY, answer.body)));
  }
  await Promise.all(loads);
}
