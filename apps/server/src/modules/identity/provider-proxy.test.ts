import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { TestBrowser, accountWithPassword, callbackParams, openSignInPage, submitSignIn } from './identity.test-helpers';
import { loadSigningKeys } from '../../platform/auth/oidc-keys';
import { createOidcProvider, portalClient } from '../../platform/auth/oidc-provider';

/**
 * The built-in provider trusts X-Forwarded-* exactly when the API does (TRUST_PROXY), and its
 * URLs (issuer, endpoints, the redirect back to the portal) are PUBLIC_URL's whatever a caller
 * sends as Host, X-Forwarded-Host or X-Forwarded-Proto.
 */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
const PUBLIC = 'https://portal.apron.test';

async function urlsWithForgedHeaders(t: TestApp) {
  const discovery = (await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: FORGED })).json();
  const account = await accountWithPassword(t, 'correct horse battery');
  // A whole sign-in whose every request carries the forged headers.
  const browser = new TestBrowser(t, undefined, FORGED);
  const { page } = await openSignInPage(browser);
  const done = await submitSignIn(browser, page.body, account.email, 'correct horse battery');
  return { discovery, done };
}

for (const trustProxy of [false, true]) {
  describe(`the built-in provider with TRUST_PROXY ${trustProxy ? 'on' : 'off'}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_URL: PUBLIC, TRUST_PROXY: trustProxy ? '1' : '0' });
    });
    afterAll(async () => t?.close());

    it(`${trustProxy ? 'trusts' : 'ignores'} X-Forwarded-* as the API does`, async () => {
      const provider = createOidcProvider({ config: t.config, db: t.db, keys: await loadSigningKeys(t.db), pages: { renderError: async () => {} } });
      expect(provider.proxy).toBe(trustProxy);
    });

    it('names only PUBLIC_URL in its issuer, endpoints and redirects, whatever the request headers say', async () => {
      const { discovery, done } = await urlsWithForgedHeaders(t);
      expect(discovery.issuer).toBe(`${PUBLIC}/oidc`);
      expect(discovery.authorization_endpoint).toBe(`${PUBLIC}/oidc/auth`);
      expect(discovery.token_endpoint).toBe(`${PUBLIC}/oidc/token`);
      expect(done.statusCode).toBe(303);
      const location = new URL(String(done.headers.location));
      expect(location.origin + location.pathname).toBe(portalClient(t.config).redirectUri);
      expect(callbackParams(done).get('iss')).toBe(`${PUBLIC}/oidc`);
    });
  });
}
