import type { RouteObject } from 'react-router';

/**
 * Every page address a route table declares, as patterns ('/invoices/:id'): nested paths joined,
 * index and layout routes folded into their parent's path, the catch-all ('*') left out. The
 * accessibility run's plan (e2e/support/a11y-routes.ts) is checked against this list.
 */
export function routePatterns(routes: readonly RouteObject[], parent = ''): string[] {
  const patterns = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent || '/';
    const isPage = route.index === true || !!route.lazy || !!route.Component;
    if (isPage) patterns.add(path);
    if (route.children) for (const child of routePatterns(route.children, path)) patterns.add(child);
  }
  return [...patterns];
}
