import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { ROUTER_BASENAME } from '../lib/airport-path';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { preloadLandingPage } from './pages/home-route';
import { discoverRoutes, routes } from './routes';

type TAppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router of the page. For a page the server rendered, the lazy routes of the address are
 * loaded first: a router still loading them would draw its fallback, not the server's markup
 * (React Router's own advice for lazy routes and hydration).
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }): Promise<TAppRouter> {
  if (hydrating) {
    const matches = matchRoutes(routes, window.location, ROUTER_BASENAME) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
    // `/` draws the landing page through a lazy component of its own (home-route.tsx).
    if (matches.at(-1)?.route.index) await preloadLandingPage();
  }
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME, patchRoutesOnNavigation: discoverRoutes });
}

export function App({ router }: { router: TAppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
