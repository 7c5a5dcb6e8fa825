import { FALLBACK_ERROR_MESSAGE } from '@apron/core/errors';
import { HAS_NEXT_PAGE_HEADER, NEXT_CURSOR_HEADER, TOTAL_COUNT_ESTIMATED_HEADER, TOTAL_COUNT_HEADER } from '@apron/core/common/headers';
import { airportHeaders } from './airport-path';

/** Base path of every call (same origin; the dev server proxies it). */
export const API_BASE = '/api';

/** A failed call: `status`, the server's `code` and `message`, and 400 field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A failure worth retrying with the same Idempotency-Key: the network or the provider was unavailable. */
export function isTransientFailure(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

type TQueryValue = string | number | boolean | null | undefined;

export interface TApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, TQueryValue>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a payment's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * What a 401 does: 'redirect' (default) clears the client state and returns to `/`;
   * 'throw' only throws (the caller handles it, e.g. the access check or the sign-in page).
   */
  on401?: 'redirect' | 'throw';
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
type TUnauthorizedListener = () => void;
const unauthorizedListeners = new Set<TUnauthorizedListener>();
let csrfToken: Promise<string> | null = null;

/** Register what else a 401 does (clear the query cache, navigate to `/`). Returns an unsubscribe. */
export function onUnauthorized(listener: TUnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Forget the cached CSRF token (it is bound to the session, so after sign-in or sign-out). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** Clears session and local storage (identity and anything else a page kept). */
export function clearBrowserStorage(): void {
  try {
    sessionStorage.clear();
    localStorage.clear();
  } catch {
    // storage may be unavailable (privacy mode); nothing to clear then
  }
}

export function handleUnauthorized(): void {
  clearBrowserStorage();
  resetCsrfToken();
  for (const listener of unauthorizedListeners) listener();
}

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(`${API_BASE}/CSRF`, {
    credentials: 'include',
    headers: { ...airportHeaders(), Accept: 'application/json' },
  });
  if (!response.ok) throw await toApiError(response);
  const body = (await response.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== 'string') throw new ApiError(response.status, 'CSRF', FALLBACK_ERROR_MESSAGE);
  return body.csrfToken;
}

function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = fetchCsrfToken();
    csrfToken.catch(() => {
      csrfToken = null;
    });
  }
  return csrfToken;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (isRecord(body)) {
    const fieldErrors: Record<string, string> = {};
    if (isRecord(body.errors)) {
      for (const [field, message] of Object.entries(body.errors)) {
        if (typeof message === 'string') fieldErrors[field] = message;
      }
    }
    const code = typeof body.code === 'string' ? body.code : response.status === 400 ? 'VALIDATION' : String(response.status);
    const firstFieldError = Object.values(fieldErrors)[0];
    const message = typeof body.message === 'string' && body.message ? body.message : firstFieldError ?? FALLBACK_ERROR_MESSAGE;
    return new ApiError(response.status, code, message, fieldErrors);
  }
  return new ApiError(response.status, String(response.status), FALLBACK_ERROR_MESSAGE);
}

function buildUrl(path: string, query?: Record<string, TQueryValue>): string {
  const url = path.startsWith('/') ? `${API_BASE}${path}` : `${API_BASE}/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function send(path: string, options: TApiOptions, retryingCsrf: boolean): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...airportHeaders(), ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE_METHODS.has(method)) headers['X-CSRF-Token'] = await getCsrfToken();

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', FALLBACK_ERROR_MESSAGE);
  }

  if (response.ok) return response;
  const error = await toApiError(response);
  if (response.status === 403 && error.code === 'CSRF' && !retryingCsrf && UNSAFE_METHODS.has(method)) {
    resetCsrfToken();
    return send(path, options, true);
  }
  if (response.status === 401 && (options.on401 ?? 'redirect') === 'redirect') handleUnauthorized();
  throw error;
}

/** One call to the API; resolves to the parsed JSON body. */
export async function apiFetch<T>(path: string, options: TApiOptions = {}): Promise<T> {
  const response = await send(path, options, false);
  return (await readBody(response)) as T;
}

export interface TListResult<T> {
  rows: T[];
  total: number;
  /** `X-Total-Count-Estimated`: `total` is the database's estimate, not a count. */
  estimated: boolean;
  /** `X-Has-Next-Page`, when the list sends it: whether rows follow this page (counted, never estimated). */
  hasNextPage?: boolean;
  /** `X-Next-Cursor`: the cursor of the last row, sent back as `after` for the page that follows (keyset). */
  nextCursor?: string;
}

/** A paged list: the body is the rows, the total comes from `X-Total-Count` (docs/api.md). */
export async function apiList<T>(path: string, options: TApiOptions = {}): Promise<TListResult<T>> {
  const response = await send(path, options, false);
  return listResultOf<T>(await readBody(response), response.headers);
}

/** A list call's rows and paging headers as the pages read them (the server render reads its answers with it too). */
export function listResultOf<T>(body: unknown, headers: Pick<Headers, 'get'>): TListResult<T> {
  const rows = Array.isArray(body) ? (body as T[]) : [];
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : rows.length;
  const hasNextPage = headers.get(HAS_NEXT_PAGE_HEADER);
  const nextCursor = headers.get(NEXT_CURSOR_HEADER);
  return {
    rows,
    total,
    estimated: headers.get(TOTAL_COUNT_ESTIMATED_HEADER) === 'true',
    ...(hasNextPage === 'true' || hasNextPage === 'false' ? { hasNextPage: hasNextPage === 'true' } : {}),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

/** The user-facing text of any failure: the call's message, or 'Error Occurred'. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return FALLBACK_ERROR_MESSAGE;
}

/** A paged call whose body is an object (not the rows): the body and the `X-Total-Count` total. */
export async function apiFetchWithTotal<T>(path: string, options: TApiOptions = {}): Promise<{ body: T; total: number | null }> {
  const response = await send(path, options, false);
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  return { body: (await readBody(response)) as T, total };
}
