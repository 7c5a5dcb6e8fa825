import { describe, expect, it } from 'vitest';
import { A11Y_ROUTES } from '../../../../e2e/support/a11y-routes';
import { routePatterns } from './route-patterns';
import { routes } from './routes';
import { signedInRoutes } from './signed-in-routes';

/** The whole table: the public pages and the signed-in ones the router patches in under them. */
const EVERY_PAGE = [...routePatterns(routes), ...routePatterns(signedInRoutes, '/')].sort();

describe('route patterns', () => {
  it('lists nested pages with their full paths, index routes under their parent', () => {
    expect(EVERY_PAGE).toContain('/');
    expect(EVERY_PAGE).toContain('/invoices');
    expect(EVERY_PAGE).toContain('/invoices/:id');
    expect(EVERY_PAGE).toContain('/companies/:id/balances');
    expect(EVERY_PAGE).toContain('/settings/accounts');
    expect(EVERY_PAGE).not.toContain('*');
  });

  it('are each opened by the e2e accessibility run (or say which journey checks them), and it opens no other', () => {
    expect(Object.keys(A11Y_ROUTES).sort()).toEqual(EVERY_PAGE);
  });

  it('leaves out of the run only pages checked elsewhere: by a named journey, or as the same page under a visited address', () => {
    for (const [pattern, route] of Object.entries(A11Y_ROUTES)) {
      if (route.visitors.length > 0) continue;
      const target = route.sameAs ? A11Y_ROUTES[route.sameAs] : undefined;
      expect(route.checkedBy ?? target?.visitors.length, pattern).toBeTruthy();
    }
  });
});
