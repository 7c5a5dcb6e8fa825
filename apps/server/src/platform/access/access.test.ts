import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health and the access rules', () => {
  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives an anonymous visitor a CSRF token tied to a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/CSRF' });
    expect(res.statusCode).toBe(200);
    expect(res.json().csrfToken).toMatch(/^[\w-]{20,}$/);
    expect(res.cookies.find((c) => c.name === 'apron_anon')?.httpOnly).toBe(true);
  });

  it('gives a signed-in user the token stored with the session', async () => {
    const caller = await signIn(t);
    const res = await caller.request({ method: 'GET', url: '/api/CSRF' });
    expect(res.json().csrfToken).toBe(caller.headers['x-csrf-token']);
  });

  it('refuses to boot when a route declares no access rule', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: cookie } = await import('@fastify/cookie');
    const { default: accessPlugin } = await import('./access.plugin');
    const app = Fastify();
    await app.register(cookie);
    const { default: requestAirportPlugin } = await import('../tenancy/request-airport');
    await app.register(requestAirportPlugin, { database: t.database });
    await app.register(accessPlugin, { db: t.db, sessionSecret: 'x'.repeat(32), secureCookies: false });
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(/declares no access rule/);
    await app.close();
  });
});
