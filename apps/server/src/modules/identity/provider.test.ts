import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { accounts } from '../../platform/auth/accounts.table';
import { issuePasswordLink } from '../../platform/auth/password-links';
import { portalClient } from '../../platform/auth/oidc-provider';
import { DEMO_PASSWORD } from '../../demo/demo-accounts';
import { TestBrowser, accessTokenFor, accountWithPassword, callbackParams, formAction, signInThroughPortal } from './identity.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'correct horse battery';

describe('the built-in OpenID provider', () => {
  it('publishes discovery at the public issuer and only public keys', async () => {
    const discovery = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json();
    expect(metadata.issuer).toBe('http://localhost:3000/oidc');
    expect(metadata.authorization_endpoint).toBe('http://localhost:3000/oidc/auth');
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const keys = jwks.json().keys as Array<Record<string, unknown>>;
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('keeps its routes out of the API description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toContain('/api/Access');
    expect(paths.filter((p) => p.startsWith('/oidc'))).toEqual([]);
  });

  it('serves the sign-in stylesheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/assets/signin.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/css');
    expect(res.body).toContain(':focus-visible');
  });

  it('refuses an authorization request without PKCE', async () => {
    const client = portalClient(t.config);
    const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, scope: 'openid' });
    const res = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toContain('error=invalid_request');
  });

  it('keeps its state in the database: a sign-in started on one instance finishes on another', async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: false, serveWeb: false });
    await second.ready();
    try {
      const account = await accountWithPassword(t, PASSWORD);
      const browser = new TestBrowser(t);
      const login = await browser.get('/api/Login');
      const page = await browser.follow(login);
      // The form is posted to the second instance: same keys, same interaction, same client.
      const otherBrowser = new TestBrowser({ ...t, app: second });
      for (const [k, v] of browser.cookies) otherBrowser.cookies.set(k, v);
      const done = await otherBrowser.follow(await otherBrowser.postForm(formAction(page.body), { email: account.email, password: PASSWORD }));
      expect(done.statusCode).toBe(303);
      const params = callbackParams(done);
      const res = await second.inject({
        method: 'GET',
        url: `/api/Authorize/${params.get('code')}?state=${params.get('state')}&iss=${encodeURIComponent(params.get('iss')!)}`,
      });
      expect(res.json()).toMatchObject({ message: 'Welcome User' });
    } finally {
      await second.close();
    }
  });
});

describe('bearer access tokens', () => {
  it('accepts a JWT access token from the flow and refuses forged ones', async () => {
    const account = await accountWithPassword(t, PASSWORD, { isInternal: false, modules: [] });
    const token = await accessTokenFor(t, account.email, PASSWORD);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'http://localhost:3000/oidc', aud: 'http://localhost:3000/api', sub: account.id });

    const ok = await t.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ access: 'External', user: { id: account.id } });

    // Bearer callers are not browsers: no CSRF token needed.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/Me',
      headers: { authorization: `Bearer ${token}` },
      payload: { givenName: 'Api', familyName: 'Client' },
    });
    expect(put.statusCode).toBe(200);

    // Same claims, signed with a key that is not the provider's.
    const { privateKey } = await generateKeyPair('RS256');
    const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .sign(privateKey);
    const refused = await t.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${forged}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Session not Valid' });

    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${tampered}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('refuses the token of an account disabled since', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const token = await accessTokenFor(t, account.email, PASSWORD);
    await t.db.update(accounts).set({ enabled: false }).where(eq(accounts.id, account.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('set-password links', () => {
  it('set a password once, then the password signs in', async () => {
    const account = await accountWithPassword(t, 'old password 123');
    const link = await issuePasswordLink(t.db, t.config.publicUrl, account.id);
    const path = new URL(link).pathname;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="password">New password</label>');
    expect(page.body).toContain('<label for="confirm">Repeat the new password</label>');

    const form = (password: string, confirm: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ password, confirm }).toString(),
      });
    const short = await form('short', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 10 characters');
    const mismatch = await form('a brand new password', 'another password!!');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Passwords do not match');

    const done = await form('a brand new password', 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is set.');
    expect(done.body).toContain('href="/api/Login"');

    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
    expect((await form('yet another password', 'yet another password')).statusCode).toBe(410);

    const { authorize } = await signInThroughPortal(t, account.email, 'a brand new password');
    expect(authorize.json().message).toBe('Welcome User');
  });

  it('an unknown link is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/set-password/not-a-token' });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This link has expired or was already used.');
  });
});

describe('demo mode', () => {
  it('lists the demo accounts and their password on the sign-in page', async () => {
    const demo = await createTestApp({ APRON_DEMO: '1' });
    try {
      const browser = new TestBrowser(demo);
      const page = await browser.follow(await browser.get('/api/Login'));
      expect(page.body).toContain('Demo accounts');
      expect(page.body).toContain('admin@demo.apron.test');
      expect(page.body).toContain('admin2@demo.apron.test'); // the reliever field's administrator (issue 22)
      expect(page.body).toContain('Finance clerk (Invoices and Reports)');
      expect(page.body).toContain(DEMO_PASSWORD);
    } finally {
      await demo.close();
    }
  });
});
