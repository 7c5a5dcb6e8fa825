import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satisfies } from '@apron/core';
import { signIn, type Caller, type TestApp, createTestApp } from '../../../test/helpers';

// PRODUCT-RULES 30: access is decided before the body is validated, on every route with a body.
// Every request below carries a body no schema accepts; a caller without access must get 401/403
// and learn nothing of the body's rules (never a 400 listing its fields).
let t: TestApp;
let staffWithoutModules: Caller;
let tenant: Caller;

beforeAll(async () => {
  t = await createTestApp();
  staffWithoutModules = await signIn(t, { modules: [] });
  tenant = await signIn(t, { isInternal: false, companyId: '00000000-0000-4000-8000-0000000000c1', modules: [] });
});
afterAll(async () => t?.close());

const ID = '00000000-0000-4000-8000-000000000000';
const INVALID_BODY = [{ nothing: 'a schema accepts' }];

const routesWithBody = () =>
  t.app.routeAccess
    .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.access !== 'public')
    .map((route) => ({ ...route, path: route.url.replace(/:\w+/g, ID) }));

const send = (call: Caller['request'], method: string, url: string) =>
  call({ method: method as 'POST', url, payload: INVALID_BODY });

describe('a caller without access is refused before the body is read', () => {
  it('the app declares many routes with a body', () => {
    expect(routesWithBody().length).toBeGreaterThan(100);
  });

  it('an anonymous caller gets 401 on every route that needs a user', async () => {
    const wrong: string[] = [];
    for (const route of routesWithBody()) {
      const res = await send((options) => t.app.inject(options), route.method, route.path);
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const [who, caller] of [['staff without modules', () => staffWithoutModules], ['a tenant', () => tenant]] as const) {
    it(`${who} gets 403 on every route whose rule they do not meet`, async () => {
      const wrong: string[] = [];
      let refused = 0;
      for (const route of routesWithBody()) {
        if (typeof route.access !== 'string' || satisfies(caller().user, route.access)) continue;
        refused += 1;
        const res = await send(caller().request, route.method, route.path);
        if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(refused).toBeGreaterThan(50);
      expect(wrong).toEqual([]);
    });
  }

  it('the cases of the report: a tenant posting an alert without recipients, an invite with a malformed body', async () => {
    const alert = await tenant.request({ method: 'POST', url: '/api/Alerts', payload: { subject: 'Hi', message: '<p>x</p>', recipients: [] } });
    expect(alert.statusCode).toBe(403);
    expect(alert.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this.' });
    const invite = await tenant.request({ method: 'POST', url: '/api/Waitlist/Invite', payload: { emails: 'not a list' } });
    expect(invite.statusCode).toBe(403);
  });
});
