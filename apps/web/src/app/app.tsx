import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { discoverRoutes, routes } from './routes';

const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
