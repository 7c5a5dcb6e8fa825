import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TAccessKind, TModule, TSessionUser } from '@apron/core/access';
import { apiFetch, clearBrowserStorage, isApiError, resetCsrfToken } from './api-client';

export const ACCESS_QUERY_KEY = ['access'] as const;
export const APP_CONFIG_QUERY_KEY = ['appconfig'] as const;

export interface TAccessResponse {
  access: TAccessKind;
  modules: TModule[];
  user: TSessionUser;
}

export interface TAppConfig {
  name: string;
  // Map tiles and the logo are optional here so an older server (or a test stub) still renders the page.
  jsonvalue: { landinglinks: boolean; airportName: string; demo: boolean; testMode: boolean; mapStreetsUrl?: string; mapSatelliteUrl?: string; logoUrl?: string | null };
}

/** `GET /api/Session`: `{ signedIn: false }` for a visitor, else what `GET /api/Access` answers. */
export type TSessionResponse = { signedIn: false } | (TAccessResponse & { signedIn: true });

/**
 * The signed-in user, or null when there is no session. Asked through `/api/Session`, which
 * answers an anonymous visitor 200 `{ signedIn: false }`: no 401 for the browser to log on
 * every first page load. (A 401 here, e.g. a bearer token refused, still means signed out.)
 */
export async function fetchAccess(): Promise<TSessionUser | null> {
  try {
    const body = await apiFetch<TSessionResponse>('/Session', { on401: 'throw' });
    return body.signedIn ? body.user : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * Set on the server and in a page that started from the server's HTML (main.tsx): until the
 * session is known the pages draw as for a visitor, the markup the server sent (which is the
 * same for everyone), so hydration matches and nothing jumps; a signed-in user's top bar and
 * home menu follow when the session answers.
 */
let drawsAsVisitorUntilSessionKnown = false;

export function drawAsVisitorUntilSessionKnown(): void {
  drawsAsVisitorUntilSessionKnown = true;
}

export function useAccess(): { user: TSessionUser | null; isLoading: boolean; isError: boolean } {
  const query = useQuery({ queryKey: ACCESS_QUERY_KEY, queryFn: fetchAccess, staleTime: 5 * 60_000 });
  return { user: query.data ?? null, isLoading: query.isPending && !drawsAsVisitorUntilSessionKnown, isError: query.isError };
}

export function useAppConfig() {
  return useQuery({
    queryKey: APP_CONFIG_QUERY_KEY,
    queryFn: () => apiFetch<TAppConfig>('/AppConfig'),
    staleTime: 10 * 60_000,
  });
}

/** Where the Login button goes: the server starts the authorization-code flow. */
export function loginUrl(returnTo: string): string {
  const safe = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  return `/api/Login?returnTo=${encodeURIComponent(safe)}`;
}

/** Only same-site paths are accepted as a place to return to after sign-in. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/signin')) return '/';
  return value;
}

/** A full page navigation (login, provider logout): leaves the SPA. */
export function navigateFullPage(url: string): void {
  window.location.assign(url);
}

/** Ends the session on the server, clears all client state, then leaves for the provider logout. */
export async function logOut(queryClient: QueryClient): Promise<void> {
  let endSessionUrl = '/';
  try {
    const body = await apiFetch<{ endSessionUrl?: string }>('/Logout', { method: 'POST', on401: 'throw' });
    if (body && typeof body.endSessionUrl === 'string' && body.endSessionUrl) endSessionUrl = body.endSessionUrl;
  } catch {
    // the session may already be gone; still clear everything here
  }
  clearBrowserStorage();
  resetCsrfToken();
  queryClient.clear();
  navigateFullPage(endSessionUrl);
}
