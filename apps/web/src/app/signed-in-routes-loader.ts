import type { RouteObject } from 'react-router';

let signedInRoutes: Promise<RouteObject[]> | null = null;

/**
 * Loads the signed-in part of the route table (./signed-in-routes) once; a failed load is retried
 * next time. The router asks for it on the first signed-in path (`discoverRoutes` in ./routes);
 * the menu button and the home tiles ask earlier, when a signed-in user reaches for them, so the
 * first navigation does not wait for the table before the page's own chunks.
 */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  signedInRoutes ??= import('./signed-in-routes').then(
    (m) => m.signedInRoutes,
    (error: unknown) => {
      signedInRoutes = null;
      throw error;
    },
  );
  return signedInRoutes;
}

/** The same, for event handlers: a failure here is retried by the navigation that needs it. */
export function prefetchSignedInRoutes(): void {
  loadSignedInRoutes().catch(() => undefined);
}
