import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { TestBrowser, accountWithPassword, callbackParams, openSignInPage, submitSignIn } from './identity.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'correct horse battery';

describe('sign-in through the built-in provider', () => {
  it('signs in with the password and opens a portal session', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const browser = new TestBrowser(t);
    const { login, page } = await openSignInPage(browser, '/invoices');
    expect(login.statusCode).toBe(302);
    expect(String(login.headers.location)).toContain('/oidc/auth?');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');

    const wrong = await submitSignIn(browser, page.body, account.email, 'wrong password!');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Incorrect email or password.');

    const done = await submitSignIn(browser, wrong.body, account.email, PASSWORD);
    expect(done.statusCode).toBe(303);
    const params = callbackParams(done);
    expect(new URL(String(done.headers.location)).pathname).toBe('/signin');
    const code = params.get('code')!;
    const authorize = await t.app.inject({
      method: 'GET',
      url: `/api/Authorize/${encodeURIComponent(code)}?state=${params.get('state')}&iss=${encodeURIComponent(params.get('iss') ?? '')}`,
    });
    expect(authorize.json()).toMatchObject({ message: 'Welcome User', returnTo: '/invoices', access: 'Internal', modules: ['Invoices'] });
    const sid = authorize.cookies.find((c) => c.name === 'apron_sid');
    expect(sid?.httpOnly).toBe(true);
    const access = await t.app.inject({ method: 'GET', url: '/api/Access', headers: { cookie: `apron_sid=${sid!.value}` } });
    expect(access.statusCode).toBe(200);
    expect(access.json()).toMatchObject({ access: 'Internal', modules: ['Invoices'], user: { email: account.email } });
  });
});
