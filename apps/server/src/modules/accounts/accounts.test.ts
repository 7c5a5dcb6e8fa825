import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@apron/core';
import { auditLog } from '../../platform/audit/audit.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { redeemPasswordToken } from '../../platform/auth/password-links';
import { passwordTokens } from '../../platform/auth/password-tokens.table';
import { anonymous, buildAccount, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { createCompanyUser } from './index';
import { withAirport } from '../../platform/tenancy/index';
import { companies } from '../companies/companies.table';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.test' });
  admin = await signIn(t, { modules: ['Settings', 'Company'], isAdmin: true, email: 'boss@example.test' });
});
afterAll(async () => t?.close());

const newStaff = { email: 'Pat.Ops@Example.test', givenName: 'Pat', familyName: 'Ops', modules: ['Tiedown', 'Waitlist'], isAdmin: false };

describe('POST /api/Accounts', () => {
  it('401 without a session, 400 with the field error, 403 without admin:Settings', async () => {
    const anon = await anonymous(t);
    expect((await anon({ method: 'POST', url: '/api/Accounts', payload: newStaff })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: '/api/Accounts', payload: { ...newStaff, email: 'nope', modules: ['Rockets'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ email: 'Email is not valid', 'modules.0': expect.any(String) });
    const reader = await signIn(t, { modules: ['Settings'] });
    expect((await reader.request({ method: 'POST', url: '/api/Accounts', payload: newStaff })).statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: '/api/Accounts' })).statusCode).toBe(403);
  });

  it('creates an internal account without a password and queues an invitation with a set-password link', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Accounts', payload: newStaff });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({ email: 'pat.ops@example.test', isInternal: true, isAdmin: false, enabled: true, modules: ['Tiedown', 'Waitlist'], companyId: null, lastSignInAt: null });
    expect(account).not.toHaveProperty('passwordHash');

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invite')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.to).toEqual(['pat.ops@example.test']);
    expect(mail!.subject).toBe('You are invited to Apron Municipal Airport');
    const link = /https:\/\/portal\.example\.test\/oidc\/set-password\/([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    // The link is live and belongs to the new account.
    expect(await redeemPasswordToken(t.db, link![1]!, false)).toBe(account._id);
    const tokens = await t.db.select().from(passwordTokens).where(eq(passwordTokens.accountId, account._id));
    expect(tokens.map((r) => r.purpose)).toEqual(['invite']);

    const { existingAccount, ...shown } = account;
    expect(existingAccount).toBe(false);
    const read = await admin.request({ method: 'GET', url: `/api/Accounts/${account._id}` });
    expect(read.json()).toEqual(shown);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, account._id)));
    expect(audit).toMatchObject({ action: 'create', actorId: admin.user.id, actorEmail: 'boss@example.test' });
    expect(audit!.changes).toMatchObject({ email: 'pat.ops@example.test', modules: ['Tiedown', 'Waitlist'] });
  });

  it('refuses a duplicate e-mail regardless of case on the email field', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Accounts', payload: { ...newStaff, email: 'PAT.OPS@example.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { email: 'An account with this email already exists' } });
  });
});

describe('GET /api/Accounts', () => {
  beforeAll(async () => {
    await buildAccount(t.db, { email: 'zed@example.test', givenName: 'Zed', familyName: 'Alpha' });
    await buildAccount(t.db, { email: 'amy@tenant.test', givenName: 'Amy', familyName: 'Tenant', isInternal: false });
  });

  it('pages, sorts and searches with the total in X-Total-Count', async () => {
    const all = await admin.request({ method: 'GET', url: '/api/Accounts?pageSize=2&sort=email:asc' });
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(5);
    expect(all.json()).toHaveLength(2);
    expect(all.json()[0].email).toBe('amy@tenant.test');

    const byName = await admin.request({ method: 'GET', url: '/api/Accounts?q=zed' });
    expect(byName.json().map((a: { email: string }) => a.email)).toEqual(['zed@example.test']);
    const byFamily = await admin.request({ method: 'GET', url: '/api/Accounts?q=alpha&sort=familyName:desc' });
    expect(byFamily.headers[TOTAL_COUNT_HEADER]).toBe('1');

    const external = await admin.request({ method: 'GET', url: '/api/Accounts?internal=false' });
    expect(external.json().map((a: { email: string }) => a.email)).toEqual(['amy@tenant.test']);
    const internal = await admin.request({ method: 'GET', url: '/api/Accounts?internal=true&q=tenant.test' });
    expect(internal.json()).toEqual([]);

    const bad = await admin.request({ method: 'GET', url: '/api/Accounts?sort=passwordHash:asc' });
    expect(bad.json()).toEqual({ errors: { sort: 'Cannot sort by passwordHash' } });
  });

  it('404 for a missing id; there is no delete', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.request({ method: 'GET', url: `/api/Accounts/${missing}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'PUT', url: `/api/Accounts/${missing}`, payload: { givenName: 'X' } })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/Accounts/${admin.user.id}` })).statusCode).toBe(404);
  });
});

describe('PUT /api/Accounts/{id}', () => {
  it('changes names, modules and the admin flag, audited as a diff', async () => {
    const target = await buildAccount(t.db, { modules: ['Lease'] });
    const res = await admin.request({ method: 'PUT', url: `/api/Accounts/${target.id}`, payload: { givenName: 'Robin', modules: ['Lease', 'Invoices'], isAdmin: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ givenName: 'Robin', modules: ['Lease', 'Invoices'], isAdmin: true });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, target.id)));
    expect(audit!.changes).toEqual({
      givenName: { from: 'Test', to: 'Robin' },
      modules: { from: ['Lease'], to: ['Lease', 'Invoices'] },
      isAdmin: { from: false, to: true },
    });
    const bad = await admin.request({ method: 'PUT', url: `/api/Accounts/${target.id}`, payload: { givenName: ' ' } });
    expect(bad.json()).toEqual({ errors: { givenName: 'First name is required' } });
  });

  it('disabling ends the user sessions: their next call is 401', async () => {
    const victim = await signIn(t, { modules: ['Settings'] });
    expect((await victim.request({ method: 'GET', url: '/api/Getsettings' })).statusCode).toBe(200);
    expect((await victim.request({ method: 'GET', url: '/api/Crud/notices' })).statusCode).toBe(200);
    const res = await admin.request({ method: 'PUT', url: `/api/Accounts/${victim.user.id}`, payload: { enabled: false } });
    expect(res.json().enabled).toBe(false);
    expect((await victim.request({ method: 'GET', url: '/api/Crud/notices' })).statusCode).toBe(401);
    // Enabling again does not revive the ended session.
    await admin.request({ method: 'PUT', url: `/api/Accounts/${victim.user.id}`, payload: { enabled: true } });
    expect((await victim.request({ method: 'GET', url: '/api/Crud/notices' })).statusCode).toBe(401);
  });

  it('refuses to let an admin disable or demote themselves', async () => {
    const self = `/api/Accounts/${admin.user.id}`;
    const disable = await admin.request({ method: 'PUT', url: self, payload: { enabled: false } });
    expect(disable.json()).toEqual({ errors: { enabled: 'You cannot disable your own account.' } });
    const demote = await admin.request({ method: 'PUT', url: self, payload: { isAdmin: false } });
    expect(demote.json()).toEqual({ errors: { isAdmin: 'You cannot remove your own admin rights.' } });
    const modules = await admin.request({ method: 'PUT', url: self, payload: { modules: ['Company'] } });
    expect(modules.json()).toEqual({ errors: { modules: 'You cannot remove Settings from your own account.' } });
    const rename = await admin.request({ method: 'PUT', url: self, payload: { familyName: 'Boss' } });
    expect(rename.statusCode).toBe(200);
  });

  it('refuses modules for a company user', async () => {
    const tenant = await buildAccount(t.db, { isInternal: false });
    const res = await admin.request({ method: 'PUT', url: `/api/Accounts/${tenant.id}`, payload: { modules: ['Invoices'] } });
    expect(res.json()).toEqual({ errors: { modules: 'Company users cannot hold modules.' } });
  });
});

describe('createCompanyUser (for the Companies module)', () => {
  it('creates an external account of the company with an invitation, and refuses a taken e-mail', async () => {
    const [company] = await t.db.insert(companies).values({ name: 'Hangar Co', description: 'Tenant', email: 'office@hangar.test' }).returning();
    const companyId = company!.id;
    const actor = { user: admin.user, requestId: 'test' };
    const { account, existingAccount } = await t.db.transaction((tx) =>
      createCompanyUser(tx, { email: ' Owner@Hangar.test ', companyId, companyName: 'Hangar Co', givenName: 'Olive', publicUrl: t.config.publicUrl, actor }),
    );
    expect(existingAccount).toBe(false);
    expect(account).toMatchObject({ email: 'owner@hangar.test', isInternal: false, companyId, passwordHash: null });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invite'));
    expect(mails.some((m) => m.to[0] === 'owner@hangar.test' && m.text.includes('/oidc/set-password/'))).toBe(true);
    await expect(
      t.db.transaction((tx) => createCompanyUser(tx, { email: 'OWNER@hangar.test', companyId, companyName: 'Hangar Co', publicUrl: t.config.publicUrl, actor })),
    ).rejects.toMatchObject({ code: 'VALIDATION', fields: { email: 'An account with this email already exists' } });
  });
});

describe('POST /api/Accounts/{id}/Invitation', () => {
  const invite = (caller: Caller, id: string) => caller.request({ method: 'POST', url: `/api/Accounts/${id}/Invitation` });

  it('sends a fresh set-password link to an account without a password, audited', async () => {
    const imported = await buildAccount(t.db, { email: 'imported@tenant.test', isInternal: false, companyId: '5f0e7c1a-7d4e-4a61-9b1e-2c3d4e5f6a7b' });
    const res = await invite(admin, imported.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation sent to imported@tenant.test' });

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invite')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.to).toEqual(['imported@tenant.test']);
    const link = /https:\/\/portal\.example\.test\/oidc\/set-password\/([\w-]+)/.exec(mail!.text);
    expect(await redeemPasswordToken(t.db, link![1]!, false)).toBe(imported.id);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'invite'), eq(auditLog.entityId, imported.id)));
    expect(audit).toMatchObject({ entity: 'account', actorId: admin.user.id });

    // A second send is allowed (no throttle): another live link.
    expect((await invite(admin, imported.id)).statusCode).toBe(200);
    const tokens = await t.db.select().from(passwordTokens).where(eq(passwordTokens.accountId, imported.id));
    expect(tokens).toHaveLength(2);
  });

  it('401 without a session, 403 without admin:Settings', async () => {
    const staff = await buildAccount(t.db);
    const anon = await anonymous(t);
    expect((await anon({ method: 'POST', url: `/api/Accounts/${staff.id}/Invitation` })).statusCode).toBe(401);
    const reader = await signIn(t, { modules: ['Settings'] });
    expect((await invite(reader, staff.id)).statusCode).toBe(403);
  });

  it('refuses a disabled account with a message', async () => {
    const gone = await buildAccount(t.db, { enabled: false });
    const res = await invite(admin, gone.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { enabled: 'This account is disabled: enable it before sending an invitation.' } });
  });

  it('404 for an account of another airport (never revealed) and for a missing id', async () => {
    const authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true });
    const created = await authority.request({ method: 'POST', url: '/api/Airports', payload: { code: 'K99', name: 'Field K99', timeZone: 'America/Denver' } });
    expect(created.statusCode, created.body).toBe(201);
    const elsewhere = await withAirport(created.json().id, () => buildAccount(t.db, { email: 'elsewhere@example.test' }));
    expect((await invite(admin, elsewhere.id)).statusCode).toBe(404);
    expect((await invite(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invite'));
    expect(mails.some((m) => m.to[0] === 'elsewhere@example.test')).toBe(false);
  });
});
