import { vi } from 'vitest';

/** A recorded request that reached the stubbed network. */
export interface TRecordedCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

export interface TStubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type THandler = TStubResponse | ((call: TRecordedCall) => TStubResponse);

/**
 * Replaces `fetch` at the network boundary. Routes are `'METHOD /api/Path'` (without the query
 * string); an unknown route answers 404 `{ code: 'NOT_FOUND' }`, like the server.
 */
export function stubFetch(routes: Record<string, THandler>) {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
    const call: TRecordedCall = { method, path: url.pathname, search: url.search, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer: TStubResponse = handler === undefined
      ? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
      : typeof handler === 'function' ? handler(call) : handler;
    const status = answer.status ?? 200;
    const headers = new Headers(answer.headers);
    if (answer.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const CSRF_ROUTE = { 'GET /api/CSRF': { body: { csrfToken: 'csrf-token-1' } } } as const;
