import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/helpers';
import { insertAccount } from '../accounts/index';
import { hashPassword } from '../../platform/auth/passwords';
import { portalClient } from '../../platform/auth/oidc-provider';

/** A browser for tests: a cookie jar over app.inject that follows our site's URLs. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  /**
   * `remoteAddress`: the address this browser calls from (default: inject's 127.0.0.1);
   * `headers`: sent with every request (e.g. forged X-Forwarded-* headers).
   */
  constructor(
    private readonly t: TestApp,
    private readonly remoteAddress?: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = new URL(options.url, this.t.config.publicUrl);
    const res = await this.t.app.inject({
      ...options,
      url: `${url.pathname}${url.search}`,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: { ...this.headers, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...(options.headers ?? {}) },
    });
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const gone = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  postForm(url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects within this site until a page or a redirect to the portal's /signin. */
  async follow(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let current = res;
    for (let i = 0; i < 10 && current.statusCode >= 300 && current.statusCode < 400; i++) {
      const location = String(current.headers.location);
      if (new URL(location, this.t.config.publicUrl).pathname === '/signin') return current;
      current = await this.get(location);
    }
    return current;
  }
}

/** The form action of the sign-in page. */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  return match[1]!.replaceAll('&amp;', '&');
}

export async function accountWithPassword(
  t: TestApp,
  password: string,
  spec: { email?: string; enabled?: boolean; isInternal?: boolean; modules?: string[] } = {},
): Promise<{ id: string; email: string }> {
  const email = spec.email ?? `person-${Math.random().toString(16).slice(2, 10)}@example.test`;
  const row = await insertAccount(t.db, {
    email,
    givenName: 'Pat',
    familyName: 'Pilot',
    isInternal: spec.isInternal ?? true,
    modules: spec.modules ?? ['Invoices'],
    enabled: spec.enabled ?? true,
    passwordHash: await hashPassword(password),
  });
  return { id: row.id, email: row.email };
}

/** GET /api/Login -> the provider's sign-in page; returns the page response. */
export async function openSignInPage(browser: TestBrowser, returnTo = '/'): Promise<{ login: LightMyRequestResponse; page: LightMyRequestResponse }> {
  const login = await browser.get(`/api/Login?returnTo=${encodeURIComponent(returnTo)}`);
  const page = await browser.follow(login);
  return { login, page };
}

/** Submits the sign-in form and follows to the redirect back to the portal (`/signin?code=`). */
export async function submitSignIn(browser: TestBrowser, pageHtml: string, email: string, password: string): Promise<LightMyRequestResponse> {
  const res = await browser.postForm(formAction(pageHtml), { email, password });
  return browser.follow(res);
}

export function callbackParams(res: LightMyRequestResponse): URLSearchParams {
  return new URL(String(res.headers.location)).searchParams;
}

/** The whole browser journey: Login -> sign-in page -> password -> Authorize. */
export async function signInThroughPortal(
  t: TestApp,
  email: string,
  password: string,
  returnTo = '/',
): Promise<{ browser: TestBrowser; authorize: LightMyRequestResponse; sessionCookie: string | null }> {
  const browser = new TestBrowser(t);
  const { page } = await openSignInPage(browser, returnTo);
  const done = await submitSignIn(browser, page.body, email, password);
  if (done.statusCode !== 303) throw new Error(`sign-in did not redirect: ${done.statusCode} ${done.body.slice(0, 500)}`);
  const params = callbackParams(done);
  const authorize = await authorizeCall(t, params.get('code')!, params.get('state')!, params.get('iss'));
  const sid = authorize.cookies.find((c) => c.name === 'apron_sid');
  return { browser, authorize, sessionCookie: sid ? `apron_sid=${sid.value}` : null };
}

export function authorizeCall(t: TestApp, code: string, state: string, iss: string | null): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({ state, ...(iss ? { iss } : {}) });
  return t.app.inject({ method: 'GET', url: `/api/Authorize/${encodeURIComponent(code)}?${query}` });
}

/** The authorization code flow against a built-in provider directly, as an API client runs it. */
export async function accessTokenFor(t: TestApp, email: string, password: string): Promise<string> {
  const client = portalClient(t.config);
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: client.redirectUri,
    scope: 'openid email profile',
    state: 'st',
    nonce: 'nn',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const browser = new TestBrowser(t);
  const page = await browser.follow(await browser.get(`/oidc/auth?${query}`));
  const done = await submitSignIn(browser, page.body, email, password);
  const code = callbackParams(done).get('code')!;
  const token = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token endpoint: ${token.statusCode} ${token.body}`);
  return (token.json() as { access_token: string }).access_token;
}
