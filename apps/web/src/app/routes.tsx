import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { Loader } from '../components/loader';
import { RouteErrorView } from './error-boundary';
import { Layout } from './layout';
import { HomeRoute } from './pages/home-route';
import { loadSignedInRoutes } from './signed-in-routes-loader';

/** The route every page hangs under (the signed-in routes are patched into it). */
const PAGES_ROUTE_ID = 'pages';
/** The catch-all: a path it matches may be a signed-in page whose routes are not loaded yet. */
const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * The router's `patchRoutesOnNavigation`: a path that only the catch-all matches (`/invoices`,
 * `/settings/accounts`, ...) gets the signed-in routes patched in before it renders, so public pages
 * never download that table (nor Vite's preload list of every screen's chunks). Public paths with a
 * parameter (`/signin/:code`, `/payment/:token`) also come here and load nothing. Patching is
 * idempotent: the router skips routes it already has.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  // [root, pages, page...]: a page of its own matched (a public one, or a signed-in one already patched in).
  const page = matches[2]?.route;
  if (page && page.id !== NOT_FOUND_ROUTE_ID) return;
  patch(PAGES_ROUTE_ID, await loadSignedInRoutes());
};

/**
 * The public pages (landing, sign-in, listings, the parking form, the pay link, an applicant's
 * status page) and the shell; every page is lazy-loaded, and the signed-in pages' routes arrive
 * through `discoverRoutes`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <Loader />,
    children: [
      {
        id: PAGES_ROUTE_ID,
        errorElement: <RouteErrorView />,
        children: [
          // Not lazy: a few lines that pick the landing page or the home menu, each its own chunk.
          { index: true, Component: HomeRoute },
          { path: 'signin', lazy: async () => ({ Component: (await import('../features/auth/signin-page')).SignInPage }) },
          { path: 'signin/:code', lazy: async () => ({ Component: (await import('../features/auth/signin-page')).SignInPage }) },
          // Public pay link (signed token): its own chunk, no staff code.
          { path: 'payment/:token', lazy: async () => ({ Component: (await import('./pages/pay-link-route')).PayLinkRoute }) },
          // Public: the parking form (its chunk imports no staff code); the list and a request are signed-in routes.
          { path: 'tiedown/create', lazy: async () => ({ Component: (await import('../features/tiedowns/tiedown-create-page')).TiedownCreatePage }) },
          // Public: no sign-in, and its chunk imports no staff code.
          { path: 'listings', lazy: async () => ({ Component: (await import('./pages/listings-route')).ListingsRoute }) },
          // Public: the wait-list applicant's private page (the token of their e-mail).
          { path: 'waitList/status/:token', lazy: async () => ({ Component: (await import('./pages/waitlist-status-route')).WaitlistStatusRoute }) },
          { id: NOT_FOUND_ROUTE_ID, path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];
