import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTER_BASENAME } from '../lib/airport-path';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { discoverRoutes, routes } from './routes';

// Under `/a/<prefix>/` an airport's public pages keep their paths below the prefix (lib/airport-path.ts).
const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME, patchRoutesOnNavigation: discoverRoutes });

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
