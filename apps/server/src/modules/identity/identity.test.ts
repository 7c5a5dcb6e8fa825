import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '@apron/core';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { accounts } from '../../platform/auth/accounts.table';
import { ensureFirstAdmin } from '../accounts/index';
import { DEFAULT_ADMIN_EMAIL } from '../accounts/accounts.test-support';
import { airports, FIRST_AIRPORT_ID } from '../../platform/tenancy/airports.table';
import { auditLog } from '../../platform/audit/audit.table';
import { signInRequests } from '../../platform/auth/auth.table';
import { signInThrottles } from './sign-in-throttle.table';
import { recordFailedSignIn, signInWaitSeconds } from './sign-in-throttle';
import {
  TestBrowser,
  accountWithPassword,
  authorizeCall,
  callbackParams,
  openSignInPage,
  signInThroughPortal,
  submitSignIn,
} from './identity.test-helpers';

let t: TestApp;
let firstAdminPassword = '';
beforeAll(async () => {
  t = await createTestApp();
  // The first administrator, as start-up creates it on an empty database.
  await ensureFirstAdmin(t.db, { admin: null }, (line) => {
    firstAdminPassword = /with password (\S+)/.exec(line)?.[1] ?? '';
  });
});
afterAll(async () => t?.close());

const PASSWORD = 'correct horse battery';
const access = (cookie: string | null) => t.app.inject({ method: 'GET', url: '/api/Access', headers: cookie ? { cookie } : {} });

describe('sign-in through the built-in provider', () => {
  it('signs in with the password and opens a portal session', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const browser = new TestBrowser(t);
    const { login, page } = await openSignInPage(browser, '/invoices');
    expect(login.statusCode).toBe(302);
    expect(String(login.headers.location)).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect(page.body).toContain('Apron Municipal Airport');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<style');
    expect(page.body).not.toContain('Demo accounts');

    const wrong = await submitSignIn(browser, page.body, account.email, 'wrong password!');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Incorrect email or password.');

    const done = await submitSignIn(browser, wrong.body, account.email, PASSWORD);
    expect(done.statusCode).toBe(303);
    const location = new URL(String(done.headers.location));
    expect(location.origin + location.pathname).toBe('http://localhost:3000/signin');
    const params = callbackParams(done);
    const authorize = await authorizeCall(t, params.get('code')!, params.get('state')!, params.get('iss'));
    expect(authorize.statusCode).toBe(200);
    expect(authorize.json()).toMatchObject({
      message: 'Welcome User',
      returnTo: '/invoices',
      access: 'Internal',
      modules: ['Invoices'],
      user: { id: account.id, email: account.email, givenName: 'Pat', familyName: 'Pilot' },
    });
    const sid = authorize.cookies.find((c) => c.name === 'apron_sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 3600 });
    expect(sid.secure).toBeFalsy(); // http PUBLIC_URL in tests

    const res = await access(`apron_sid=${sid.value}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: 'Internal', modules: ['Invoices'], user: authorize.json().user });

    // The code and the state work once.
    const replay = await authorizeCall(t, params.get('code')!, params.get('state')!, params.get('iss'));
    expect(replay.statusCode).toBe(401);
  });

  it('signs in the first administrator with the password printed at start-up', async () => {
    expect(firstAdminPassword).toMatch(/^\w{5}-\w{5}-\w{5}-\w{5}$/);
    const { authorize } = await signInThroughPortal(t, DEFAULT_ADMIN_EMAIL, firstAdminPassword);
    expect(authorize.json()).toMatchObject({ message: 'Welcome User', access: 'Internal', user: { email: DEFAULT_ADMIN_EMAIL, isAdmin: true } });
  });

  it('answers a bad code or state with 401 Session not Valid and no cookie', async () => {
    const browser = new TestBrowser(t);
    const login = await browser.get('/api/Login');
    const state = new URL(String(login.headers.location)).searchParams.get('state')!;
    const badCode = await authorizeCall(t, 'not-a-code', state, null);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Session not Valid' });
    expect(badCode.cookies.find((c) => c.name === 'apron_sid')).toBeUndefined();

    const unknownState = await authorizeCall(t, 'not-a-code', 'made-up-state', null);
    expect(unknownState.statusCode).toBe(401);
    const noState = await t.app.inject({ method: 'GET', url: '/api/Authorize/abc' });
    expect(noState.statusCode).toBe(401);
    expect(noState.json().message).toBe('Session not Valid');
  });

  it('refuses a sign-in request older than ten minutes', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const browser = new TestBrowser(t);
    const { page } = await openSignInPage(browser);
    const done = await submitSignIn(browser, page.body, account.email, PASSWORD);
    const params = callbackParams(done);
    await t.db
      .update(signInRequests)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(signInRequests.state, params.get('state')!));
    const res = await authorizeCall(t, params.get('code')!, params.get('state')!, params.get('iss'));
    expect(res.statusCode).toBe(401);
  });

  it('only returns to paths on this site', async () => {
    for (const returnTo of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json()).toEqual({ errors: { returnTo: 'Return path must be a path on this site' } });
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/Login?returnTo=%2Fcompanies%2F1%3Ftab%3Dinvoices' });
    expect(ok.statusCode).toBe(302);
  });

  it(`slows down only the address that sent ${SIGN_IN_LIMITS.maxFailures} wrong passwords; the owner signs in from elsewhere`, async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const attacker = new TestBrowser(t, '203.0.113.66');
    let { page } = await openSignInPage(attacker);
    for (let i = 1; i <= SIGN_IN_LIMITS.maxFailures + 2; i++) {
      page = await submitSignIn(attacker, page.body, account.email, `wrong-${i}-password`);
      const expected = i < SIGN_IN_LIMITS.maxFailures ? 'Incorrect email or password.' : 'Too many attempts. Try again in ';
      expect(page.statusCode, `attempt ${i}`).toBe(200);
      expect(page.body, `attempt ${i}`).toContain(expected);
      // Once the pair is slowed down, the attacker waits out each pause (but not the last).
      if (i >= SIGN_IN_LIMITS.maxFailures && i < SIGN_IN_LIMITS.maxFailures + 2) {
        await t.db.update(signInThrottles).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(signInThrottles.accountId, account.id));
      }
    }
    // The attacker's pair waits, even with the right password.
    const blocked = await submitSignIn(attacker, page.body, account.email, PASSWORD);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toMatch(/Too many attempts\. Try again in \d+ seconds\./);

    // The owner, from another address, signs in at once.
    const owner = new TestBrowser(t, '198.51.100.20');
    const ownerPage = (await openSignInPage(owner)).page;
    expect((await submitSignIn(owner, ownerPage.body, account.email, PASSWORD)).statusCode).toBe(303);
    // And the account itself was never locked.
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.lockedUntil).toBeNull();

    // When the wait has passed, the right password works from that address too, and its count starts again.
    await t.db.update(signInThrottles).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(signInThrottles.accountId, account.id));
    expect((await submitSignIn(attacker, blocked.body, account.email, PASSWORD)).statusCode).toBe(303);
    expect(await t.db.select().from(signInThrottles).where(eq(signInThrottles.accountId, account.id))).toEqual([]);
  });

  it('counts wrong passwords per account and address, and makes each further one wait longer', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const waits: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.maxFailures + 3; i++) {
      waits.push(await recordFailedSignIn(t.db, account.id, '192.0.2.1'));
    }
    expect(waits.slice(0, SIGN_IN_LIMITS.maxFailures - 1)).toEqual([0, 0, 0, 0]);
    expect(waits.slice(SIGN_IN_LIMITS.maxFailures - 1)).toEqual([1, 2, 4, 8]);
    // Concurrent wrong guesses all count (one atomic statement each).
    const other = await accountWithPassword(t, PASSWORD);
    await Promise.all(Array.from({ length: 6 }, () => recordFailedSignIn(t.db, other.id, '192.0.2.1')));
    const [pair] = await t.db.select().from(signInThrottles).where(eq(signInThrottles.accountId, other.id));
    expect(pair!.failures).toBe(6);
    // Another address for the same account starts from zero.
    expect(await signInWaitSeconds(t.db, account.id, '192.0.2.2')).toBe(0);
  });

  it('refuses a disabled account and ends its open session', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const { sessionCookie } = await signInThroughPortal(t, account.email, PASSWORD);
    expect((await access(sessionCookie)).statusCode).toBe(200);

    await t.db.update(accounts).set({ enabled: false }).where(eq(accounts.id, account.id));
    expect((await access(sessionCookie)).statusCode).toBe(401);

    const browser = new TestBrowser(t);
    const { page } = await openSignInPage(browser);
    const refused = await submitSignIn(browser, page.body, account.email, PASSWORD);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This account is disabled.');
  });

  it('an unknown e-mail gets the same message as a wrong password', async () => {
    const browser = new TestBrowser(t);
    const { page } = await openSignInPage(browser);
    const res = await submitSignIn(browser, page.body, 'nobody@example.test', PASSWORD);
    expect(res.body).toContain('Incorrect email or password.');
    expect(res.body).toContain('value="nobody@example.test"');
  });

  it('refuses a sign-in post without the interaction cookie', async () => {
    const browser = new TestBrowser(t);
    const { page } = await openSignInPage(browser);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const stranger = new TestBrowser(t);
    const account = await accountWithPassword(t, PASSWORD);
    const res = await stranger.postForm(action, { email: account.email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in page has expired.');
  });
});

describe('log out', () => {
  it('needs the CSRF token, then ends the portal and provider sessions', async () => {
    const account = await accountWithPassword(t, PASSWORD);
    const { browser, sessionCookie } = await signInThroughPortal(t, account.email, PASSWORD);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/CSRF', headers: { cookie: sessionCookie! } })).json().csrfToken as string;

    const noToken = await t.app.inject({ method: 'POST', url: '/api/Logout', headers: { cookie: sessionCookie! } });
    expect(noToken.statusCode).toBe(403);
    expect((await access(sessionCookie)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/Logout', headers: { cookie: sessionCookie!, 'x-csrf-token': csrf } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endSessionUrl: '/' });
    const cleared = res.cookies.find((c) => c.name === 'apron_sid');
    expect(cleared?.value).toBe('');
    expect((await access(sessionCookie)).statusCode).toBe(401);

    // The same browser signing in again is asked for the password (provider session gone).
    const again = await openSignInPage(browser);
    expect(again.page.statusCode).toBe(200);
    expect(again.page.body).toContain('<h1>Sign in</h1>');
  });

  it('is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('Access and Me', () => {
  it('Access is 401 without a session and tells external users apart', async () => {
    expect((await access(null)).statusCode).toBe(401);
    const tenant = await signIn(t, { isInternal: false });
    const res = await tenant.request({ method: 'GET', url: '/api/Access' });
    expect(res.json()).toMatchObject({ access: 'External', modules: [], user: { id: tenant.user.id } });
  });

  it('GET and PUT /api/Me: names only, validated and audited', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Me', payload: { givenName: 'A', familyName: 'B' } })).statusCode).toBe(401);

    const caller = await signIn(t, { givenName: 'Old', familyName: 'Name' });
    const me = await caller.request({ method: 'GET', url: '/api/Me' });
    expect(me.json()).toEqual({ email: caller.user.email, givenName: 'Old', familyName: 'Name' });

    const blank = await caller.request({ method: 'PUT', url: '/api/Me', payload: { givenName: '  ', familyName: 'Name' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ errors: { givenName: 'First name is required' } });
    const sneaky = await caller.request({ method: 'PUT', url: '/api/Me', payload: { givenName: 'New', familyName: 'Name', email: 'x@evil.example' } });
    expect(sneaky.statusCode).toBe(400);

    const ok = await caller.request({ method: 'PUT', url: '/api/Me', payload: { givenName: ' New ', familyName: 'Person' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: caller.user.email, givenName: 'New', familyName: 'Person' });
    const readBack = await caller.request({ method: 'GET', url: '/api/Me' });
    expect(readBack.json()).toMatchObject({ givenName: 'New', familyName: 'Person' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, caller.user.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'update', entity: 'account', actorId: caller.user.id });
    expect(audits[0]!.changes).toEqual({ givenName: { from: 'Old', to: 'New' }, familyName: { from: 'Name', to: 'Person' } });
  });
});

describe('the sign-in page', () => {
  it('shows the airport name from the airport’s record (System Settings AIRPORT_NAME)', async () => {
    await t.db.update(airports).set({ name: 'Carson City Airport' }).where(eq(airports.id, FIRST_AIRPORT_ID));
    const { page } = await openSignInPage(new TestBrowser(t));
    expect(page.body).toContain('Carson City Airport');
  });
});
