import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { accounts } from '../../platform/auth/accounts.table';
import { portalClient } from '../../platform/auth/oidc-provider';
import { TestBrowser, accessTokenFor, accountWithPassword, authorizeCall, callbackParams, submitSignIn } from './identity.test-helpers';

/**
 * The portal pointed at an external issuer with OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET.
 * The "external" provider is a second Apron (its built-in provider) listening on a real port, with
 * its own database: the portal reaches it over HTTP like it would reach Keycloak or Entra ID.
 */
let idp: TestApp;
let portal: TestApp;
let origin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  idp = await createTestApp({ PUBLIC_URL: origin, SESSION_SECRET: 'identity-provider-secret-0123456789abcdef' });
  await idp.app.listen({ port, host: '127.0.0.1' });
  // Same public URL: the redirect URI registered at the provider is the portal's /signin.
  portal = await createTestApp({
    PUBLIC_URL: origin,
    OIDC_ISSUER: `${origin}/oidc`,
    OIDC_CLIENT_ID: 'apron-portal',
    OIDC_CLIENT_SECRET: portalClient(idp.config).clientSecret,
  });
});
afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

const PASSWORD = 'external password 1';

/** Login at the portal, password at the provider, back to the portal's Authorize. */
async function signInExternally(email: string) {
  const login = await portal.app.inject({ method: 'GET', url: '/api/Login?returnTo=/companies' });
  expect(String(login.headers.location)).toMatch(new RegExp(`^${origin}/oidc/auth\\?`));
  const browser = new TestBrowser(idp);
  const page = await browser.follow(await browser.get(String(login.headers.location)));
  const done = await submitSignIn(browser, page.body, email, PASSWORD);
  expect(done.statusCode).toBe(303);
  const params = callbackParams(done);
  return authorizeCall(portal, params.get('code')!, params.get('state')!, params.get('iss'));
}

describe('an external OpenID provider', () => {
  it('does not mount the built-in provider', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });

  it('links the account with the same e-mail on first sign-in, then by subject', async () => {
    const atIdp = await accountWithPassword(idp, PASSWORD, { email: 'linked@example.test' });
    const inPortal = await accountWithPassword(portal, 'unused password 1', { email: 'linked@example.test', modules: ['Company'] });

    const first = await signInExternally('linked@example.test');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Welcome User', returnTo: '/companies', modules: ['Company'], user: { id: inPortal.id } });
    const [row] = await portal.db.select().from(accounts).where(eq(accounts.id, inPortal.id));
    expect(row!.externalSubject).toBe(atIdp.id);

    // Log out: the external provider's end-session URL, with the id token hint.
    const cookie = `apron_sid=${first.cookies.find((c) => c.name === 'apron_sid')!.value}`;
    const csrf = (await portal.app.inject({ method: 'GET', url: '/api/CSRF', headers: { cookie } })).json().csrfToken as string;
    const logout = await portal.app.inject({ method: 'POST', url: '/api/Logout', headers: { cookie, 'x-csrf-token': csrf } });
    const endSession = new URL(logout.json().endSessionUrl as string);
    expect(endSession.origin + endSession.pathname).toBe(`${origin}/oidc/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);

    // A second sign-in finds the account by subject even after its e-mail changed in the portal.
    await portal.db.update(accounts).set({ email: 'renamed@example.test' }).where(eq(accounts.id, inPortal.id));
    const again = await signInExternally('linked@example.test');
    expect(again.json()).toMatchObject({ user: { id: inPortal.id, email: 'renamed@example.test' } });
  });

  it("accepts the external issuer's access tokens as bearer tokens", async () => {
    await accountWithPassword(idp, PASSWORD, { email: 'robot@example.test' });
    const inPortal = await accountWithPassword(portal, 'unused password 1', { email: 'robot@example.test' });
    const token = await accessTokenFor(idp, 'robot@example.test', PASSWORD);
    // The provider's access tokens carry the subject, not the e-mail: unknown until linked.
    const unlinked = await portal.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${token}` } });
    expect(unlinked.statusCode).toBe(401);
    expect((await signInExternally('robot@example.test')).statusCode).toBe(200);
    const res = await portal.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: inPortal.id } });
    // A token of the portal's own (unmounted) provider keys means nothing here.
    const forged = token.split('.').slice(0, 2).join('.') + '.AAAA';
    expect((await portal.app.inject({ method: 'GET', url: '/api/Access', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('refuses an e-mail that has no account in the portal', async () => {
    await accountWithPassword(idp, PASSWORD, { email: 'stranger@example.test' });
    const res = await signInExternally('stranger@example.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Session not Valid' });
    expect(res.cookies.find((c) => c.name === 'apron_sid')).toBeUndefined();
  });

  it('sends no set-password invitation: people are invited at the provider', async () => {
    const admin = await signIn(portal, { modules: 'all', isAdmin: true });
    const person = await buildAccount(portal.db, { email: 'invitee@example.test' });
    const res = await admin.request({ method: 'POST', url: `/api/Accounts/${person.id}/Invitation` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Sign-in is through the airport's identity provider/);
    expect(await portal.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invite'))).toEqual([]);
  });
});
