import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TAlertItem, TAlertUser } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { XSS_CORPUS, isInert } from '../../platform/html/xss-corpus.test-support';
import { setSystemSetting } from '../settings/settings.test-support';

let t: TestApp;
let admin: Caller;
let finance: Caller;
let tenant: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  finance = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  tenant = await signIn(t, { isInternal: false, companyId: '6f1c7a52-58c1-4d0f-9d4e-3b0d2c1e0a01' });
});
afterAll(async () => t?.close());

const send = (caller: Caller, payload: unknown) => caller.request({ method: 'POST', url: '/api/Alerts', payload: payload as object });
const listOf = async (caller: Caller) => (await caller.request({ method: 'GET', url: '/api/Alerts?pageSize=15' })).json() as TAlertItem[];
const unread = async (caller: Caller) => ((await caller.request({ method: 'GET', url: '/api/Alerts/Unread' })).json() as { count: number }).count;

describe('Create Notification (POST Alerts)', () => {
  it('401 without a session, 403 for a company user, 400 naming subject, body and recipients', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Alerts', payload: {} })).statusCode).toBe(401);
    expect((await send(tenant, { userIds: [finance.user.id], subject: 'Hi', body: '<p>x</p>' })).statusCode).toBe(403);
    const blank = await send(admin, { userIds: [], subject: '   ', body: '<p> </p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toMatchObject({ subject: 'Subject is required', body: 'Message is required', userIds: 'Choose at least one recipient' });
    // Markup that sanitises to nothing is no message either.
    const onlyScript = await send(admin, { userIds: [finance.user.id], subject: 'x', body: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().errors).toEqual({ body: 'Message is required' });
    const stranger = await send(admin, { userIds: ['00000000-0000-4000-8000-000000000000'], subject: 'x', body: '<p>x</p>' });
    expect(stranger.json().errors).toEqual({ userIds: 'Some recipients do not exist or are disabled' });
  });

  it('reaches the chosen people bold (new) until they open it; the badge counts it', async () => {
    const before = await unread(finance);
    const res = await send(admin, { userIds: [finance.user.id], subject: 'Apron closed', body: '<h2>Notice</h2><p><strong>Closed</strong> at noon</p>' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Notification Sent', recipients: 1 });
    const id = res.json()._id as string;
    expect(await unread(finance)).toBe(before + 1);
    const row = (await listOf(finance)).find((a) => a._id === id)!;
    expect(row).toMatchObject({ subject: 'Apron closed', isNew: true, kind: 'notification', format: 'html', message: '<h2>Notice</h2><p><strong>Closed</strong> at noon</p>' });
    // Someone else's alert is not found; the sender did not address themselves.
    expect((await admin.request({ method: 'GET', url: `/api/Alerts/Item/${id}` })).statusCode).toBe(404);
    expect((await finance.request({ method: 'GET', url: `/api/Alerts/Item/${id}` })).json()).toMatchObject({ isNew: false });
    expect((await listOf(finance)).find((a) => a._id === id)!.isNew).toBe(false);
    expect(await unread(finance)).toBe(before);
  });

  it.each(XSS_CORPUS)('stores %s inert (sanitised on write)', async (payload) => {
    const res = await send(admin, { userIds: [finance.user.id], subject: 'XSS', body: `<p>safe text</p>${payload}` });
    expect(res.statusCode).toBe(201);
    const stored = (await finance.request({ method: 'GET', url: `/api/Alerts/Item/${res.json()._id}` })).json() as TAlertItem;
    expect(isInert(stored.message)).toBe(true);
    expect(stored.message).toContain('safe text');
  });
});

describe('user groups (GET Alerts/Users/{group})', () => {
  it('is staff only, and each group means who it says', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Alerts/Users/ALL' })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url: '/api/Alerts/Users/ALL' })).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: '/api/Alerts/Users/SOME' })).statusCode).toBe(400);
    const group = async (name: string) => (await finance.request({ method: 'GET', url: `/api/Alerts/Users/${name}` })).json() as TAlertUser[];
    const internal = await group('INTERNAL');
    expect(internal.every((u) => u.isInternal)).toBe(true);
    expect(internal.map((u) => u._id)).toEqual(expect.arrayContaining([admin.user.id, finance.user.id]));
    const companies = await group('COMPANIES');
    expect(companies.map((u) => u._id)).toContain(tenant.user.id);
    expect(companies.every((u) => !u.isInternal)).toBe(true);
    expect((await group('ALL')).length).toBe(internal.length + companies.length);
    expect(await group('NONE')).toEqual([]);
    // APPLICANTS: the accounts whose e-mail is on the wait list.
    const applicantAccount = await signIn(t, { isInternal: false });
    expect((await group('APPLICANTS')).map((u) => u._id)).not.toContain(applicantAccount.user.id);
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
    const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Alert hangar ${Date.now()}` } });
    const joined = await admin.request({
      method: 'POST', url: '/api/WaitList/Join',
      payload: { propertyType: type.json()._id, firstName: 'Ann', lastName: 'Pilot', email: applicantAccount.user.email.toUpperCase() },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await group('APPLICANTS')).map((u) => u._id)).toEqual([applicantAccount.user.id]);
  });
});

describe('Email one alert (POST Alerts/Email)', () => {
  it('is for internal users, validates the address, and mails the stored sanitised alert', async () => {
    const created = await send(admin, { userIds: [finance.user.id, tenant.user.id], subject: 'Share me', body: '<p>Hello <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>' });
    const id = created.json()._id as string;
    expect((await tenant.request({ method: 'POST', url: '/api/Alerts/Email', payload: { id, email: 'a@example.test' } })).statusCode).toBe(403);
    const bad = await finance.request({ method: 'POST', url: '/api/Alerts/Email', payload: { id, email: 'not-an-address' } });
    expect(bad.json()).toEqual({ errors: { email: 'Email is not valid' } });
    // Not the caller's alert: 404.
    expect((await admin.request({ method: 'POST', url: '/api/Alerts/Email', payload: { id, email: 'a@example.test' } })).statusCode).toBe(404);
    const ok = await finance.request({ method: 'POST', url: '/api/Alerts/Email', payload: { id, email: 'Board@Example.test' } });
    expect(ok.json()).toEqual({ message: 'Email Sent' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `alert:${id}`));
    expect(mail).toMatchObject({ to: ['board@example.test'], subject: 'Share me', kind: 'alert-share' });
    expect(isInert(mail!.html!)).toBe(true);
    expect(mail!.text).toContain('Hello');
  });
});
