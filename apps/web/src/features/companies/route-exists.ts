import { matchRoutes } from 'react-router';
import { routes } from '../../app/routes';

/**
 * Whether the app has a page at `path` (other than the catch-all "not found"). The company page
 * shows its Invoices and Account Balance buttons only once the billing pages exist.
 */
export function routeExists(path: string): boolean {
  const matches = matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  return !!last && last.route.path !== '*';
}
