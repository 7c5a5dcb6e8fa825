/**
 * An airport's public pages under a path prefix (docs/airports.md, "Public pages and host names"):
 * at `/a/<prefix>/...` the app's routes live under that basename and every API call names the
 * airport with the X-Airport header, so a visitor's requests reach that airport. Anywhere else the
 * server picks the airport by host name (or the first airport): URLs stay as they were.
 */
export const AIRPORT_HEADER = 'X-Airport';

/** The prefix a page path names (`/a/l12/listings` -> 'l12'), or null. */
export function airportPrefixOf(pathname: string): string | null {
  const match = /^\/a\/([^/]+)(?:\/|$)/.exec(pathname);
  return match ? match[1]! : null;
}

const prefix = typeof window === 'undefined' ? null : airportPrefixOf(window.location.pathname);

/** The router's basename: `/a/<prefix>` under a prefix, else none (the site's root). */
export const ROUTER_BASENAME: string | undefined = prefix ? `/a/${prefix}` : undefined;

/** Headers every API call carries: the airport's prefix when the pages are under one. */
export function airportHeaders(): Record<string, string> {
  return prefix ? { [AIRPORT_HEADER]: prefix } : {};
}
