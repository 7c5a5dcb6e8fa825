import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { SESSION_COOKIE } from '../../platform/auth/sessions';

/** `GET /api/Session`: the web asks who is signed in without a 401 for an anonymous visitor. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/Session', () => {
  it('answers 200 { signedIn: false } to an anonymous visitor (no 401 for the browser to log)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedIn: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers a signed-in user with what /api/Access says, and /api/Access keeps its 401 for API clients", async () => {
    const clerk = await signIn(t, { modules: ['Invoices'] });
    const session = await clerk.request({ method: 'GET', url: '/api/Session' });
    const access = await clerk.request({ method: 'GET', url: '/api/Access' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ signedIn: true, ...access.json() });
    expect(session.json().user.modules).toEqual(['Invoices']);
    expect((await t.app.inject({ method: 'GET', url: '/api/Access' })).statusCode).toBe(401);
  });

  it('treats an expired or forged session cookie as signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Session', cookies: { [SESSION_COOKIE]: 'forged' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedIn: false });
  });
});
