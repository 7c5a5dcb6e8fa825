import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMPANY_MESSAGES, TOTAL_COUNT_HEADER } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { mailOutbox } from '../../platform/mail/mail.table';

let t: TestApp;
let admin: Caller; // Company admin
let staff: Caller; // Company module, not admin
let lease: Caller; // Lease module only
let company: { _id: string; name: string };
let other: { _id: string; name: string };
let tenant: Caller;

async function buildCompany(caller: Caller, spec: { name: string; status?: string }) {
  const res = await caller.request({ method: 'POST', url: '/api/Company', payload: { description: 'Hangar tenant', email: 'office@example.test', status: 'Active', ...spec } });
  if (res.statusCode !== 201) throw new Error(`buildCompany: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Company'], isAdmin: true });
  staff = await signIn(t, { modules: ['Company'] });
  lease = await signIn(t, { modules: ['Lease'] });
  company = await buildCompany(admin, { name: 'Sierra Skies Aviation' });
  other = await buildCompany(admin, { name: 'Washoe Aero', status: 'Approval Needed' });
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

const valid = { name: '  Tahoe Jet Charter ', description: 'Charter operator', email: 'Ops@Tahoe.Example', phone: '7755550101', contactname: 'Riley', contactphone: '', zip: '01234', isPaperless: true };

describe('POST /api/Company', () => {
  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Company', payload: valid })).statusCode).toBe(401);
  });

  it('400 with the field errors of the spec', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Company', payload: { ...valid, name: '   ', email: 'nope', phone: '775-555', zip: '12a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: 'Name is required', email: 'Email is not valid', phone: 'Phone number is not valid', zip: 'Zip must be numeric' });
  });

  it('403 for a Company user who is not an admin', async () => {
    expect((await staff.request({ method: 'POST', url: '/api/Company', payload: valid })).statusCode).toBe(403);
  });

  it('creates a trimmed company (Active by default), audits it, and reads it back', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Company', payload: valid });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Tahoe Jet Charter', email: 'ops@tahoe.example', zip: '01234', status: 'Active', isPaperless: true, contactname: 'Riley' });
    expect(COMPANY_MESSAGES.created).toBe('Company Created Successfully');
    const read = await admin.request({ method: 'GET', url: `/api/Company/${body._id}` });
    expect(read.json()).toMatchObject({ _id: body._id, name: 'Tahoe Jet Charter', abilities: { changeStatus: true, manageUsers: true } });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });
});

describe('GET /api/Company (grid)', () => {
  it('401, 403 for staff without the module, 400 on an unknown sort', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Company' })).statusCode).toBe(401);
    expect((await lease.request({ method: 'GET', url: '/api/Company' })).statusCode).toBe(403);
    const bad = await staff.request({ method: 'GET', url: '/api/Company?sort=secret:asc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toBeDefined();
  });

  it('pages, sorts and searches on the server', async () => {
    const page = await staff.request({ method: 'GET', url: '/api/Company?page=1&pageSize=2&sort=name:asc' });
    expect(page.statusCode).toBe(200);
    expect(Number(page.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(3);
    expect(page.json()).toHaveLength(2);
    const names = page.json().map((r: { name: string }) => r.name);
    expect([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    const search = await staff.request({ method: 'GET', url: '/api/Company?q=washoe' });
    expect(search.json().map((r: { _id: string }) => r._id)).toEqual([other._id]);
  });

  it('a tenant sees only their own company', async () => {
    const res = await tenant.request({ method: 'GET', url: '/api/Company' });
    expect(res.json().map((r: { _id: string }) => r._id)).toEqual([company._id]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('Company/Active lists Active companies for Company, Lease and Invoices staff only', async () => {
    const res = await lease.request({ method: 'GET', url: '/api/Company/Active' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { _id: string }) => r._id);
    expect(ids).toContain(company._id);
    expect(ids).not.toContain(other._id);
    const clerk = await signIn(t, { modules: ['Invoices'] });
    expect((await clerk.request({ method: 'GET', url: '/api/Company/Active' })).statusCode).toBe(200);
    const noModule = await signIn(t, { modules: ['Property'] });
    expect((await noModule.request({ method: 'GET', url: '/api/Company/Active' })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: '/api/Company/Active' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/Company/Active' })).statusCode).toBe(401);
  });
});

describe('GET /api/Company/:id', () => {
  it('400 on a malformed id, 404 on a missing one', async () => {
    expect((await staff.request({ method: 'GET', url: '/api/Company/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'GET', url: '/api/Company/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('a tenant reading another company gets 404, their own 200', async () => {
    expect((await tenant.request({ method: 'GET', url: `/api/Company/${other._id}` })).statusCode).toBe(404);
    const own = await tenant.request({ method: 'GET', url: `/api/Company/${company._id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().abilities).toEqual({ edit: true, editNameAndDescription: false, changeStatus: false, manageUsers: false });
  });
});

describe('PUT /api/Company/:id', () => {
  const current = async () => (await admin.request({ method: 'GET', url: `/api/Company/${company._id}` })).json();
  const fields = (c: Record<string, unknown>) => ({
    name: c.name, description: c.description, address1: c.address1, address2: c.address2, city: c.city, state: c.state, zip: c.zip,
    email: c.email, phone: c.phone, contactname: c.contactname, contactphone: c.contactphone, isPaperless: c.isPaperless, status: c.status,
  });

  it('401 and 400', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/Company/${company._id}`, payload: {} })).statusCode).toBe(401);
    const res = await staff.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(await current()), contactphone: 'abc' } });
    expect(res.json().errors).toEqual({ contactphone: 'Phone number is not valid' });
  });

  it('a Company non-admin cannot change status, name or description (the server says no)', async () => {
    const c = await current();
    const status = await staff.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(c), status: 'Inactive' } });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual({ status: COMPANY_MESSAGES.onlyAdminsStatus });
    const name = await staff.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(c), name: 'Renamed' } });
    expect(name.json().errors).toEqual({ name: COMPANY_MESSAGES.onlyAdminsName });
    const description = await staff.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(c), description: 'New' } });
    expect(description.json().errors).toEqual({ description: COMPANY_MESSAGES.onlyAdminsDescription });
    expect(await current()).toMatchObject({ name: c.name, status: 'Active', description: c.description });
  });

  it('a non-admin saves the other fields; the same name and status are accepted', async () => {
    const res = await staff.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(await current()), phone: '7755550199', city: 'Minden' } });
    expect(res.statusCode).toBe(200);
    expect(await current()).toMatchObject({ phone: '7755550199', city: 'Minden' });
  });

  it('a Company admin changes status and name', async () => {
    const res = await admin.request({ method: 'PUT', url: `/api/Company/${other._id}`, payload: { ...valid, name: 'Washoe Aero Services', status: 'Active' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Washoe Aero Services', status: 'Active' });
    other.name = 'Washoe Aero Services';
  });

  it('a tenant edits their own company, not another (404)', async () => {
    const own = await tenant.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...fields(await current()), contactname: 'Taylor' } });
    expect(own.statusCode).toBe(200);
    const foreign = await tenant.request({ method: 'PUT', url: `/api/Company/${other._id}`, payload: { ...valid, name: other.name, status: 'Active' } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('company users', () => {
  it('the ladder for POST Company/Users/:id', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/Company/Users/${company._id}`, payload: { email: 'a@b.test' } })).statusCode).toBe(401);
    const bad = await admin.request({ method: 'POST', url: `/api/Company/Users/${company._id}`, payload: { email: 'not-an-email' } });
    expect(bad.json().errors).toEqual({ email: 'Email is not valid' });
    expect((await staff.request({ method: 'POST', url: `/api/Company/Users/${company._id}`, payload: { email: 'a@b.test' } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: '/api/Company/Users/00000000-0000-4000-8000-000000000000', payload: { email: 'a@b.test' } })).statusCode).toBe(404);
  });

  it('adds an external user tied to the company with an invitation; duplicates are a 400 on email', async () => {
    const res = await admin.request({ method: 'POST', url: `/api/Company/Users/${company._id}`, payload: { email: 'Pilot@Sierra.Example' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Added Successfully', user: { email: 'pilot@sierra.example', enabled: true } });
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.some((m) => JSON.stringify(m).includes('pilot@sierra.example'))).toBe(true);
    const list = await tenant.request({ method: 'GET', url: `/api/Company/Users/${company._id}` });
    expect(list.json().map((u: { email: string }) => u.email)).toContain('pilot@sierra.example');
    const again = await admin.request({ method: 'POST', url: `/api/Company/Users/${company._id}`, payload: { email: 'pilot@sierra.example' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.email).toBeDefined();
  });

  it('a tenant cannot list another company\'s users (404)', async () => {
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Users/${other._id}` })).statusCode).toBe(404);
  });

  it('disabling a user ends their session; a user of another company is 404', async () => {
    const user = await signIn(t, { isInternal: false, companyId: company._id });
    expect((await user.request({ method: 'GET', url: '/api/Access' })).statusCode).toBe(200);
    const wrong = await admin.request({ method: 'PUT', url: `/api/Company/Users/${other._id}`, payload: { userId: user.user.id, enabled: false } });
    expect(wrong.statusCode).toBe(404);
    const off = await admin.request({ method: 'PUT', url: `/api/Company/Users/${company._id}`, payload: { userId: user.user.id, enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await user.request({ method: 'GET', url: '/api/Access' })).statusCode).toBe(401);
    expect((await staff.request({ method: 'PUT', url: `/api/Company/Users/${company._id}`, payload: { userId: user.user.id, enabled: true } })).statusCode).toBe(403);
  });
});

describe('documents and remarks of a company', () => {
  it('the link calls are POST and 404 for an item that is not the company\'s', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'POST', url: `/api/Company/Document/Add/${company._id}/${missing}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'POST', url: `/api/Company/Document/Add/${company._id}/${missing}` })).statusCode).toBe(404);
    const remark = await tenant.request({ method: 'POST', url: '/api/Remarks', payload: { ownerType: 'company', ownerId: company._id, subject: 'Hello', message: 'Hi' } });
    expect(remark.statusCode).toBe(201);
    const linked = await tenant.request({ method: 'POST', url: `/api/Company/Remark/Add/${company._id}/${remark.json()._id}` });
    expect(linked.statusCode).toBe(200);
    expect((await tenant.request({ method: 'POST', url: `/api/Company/Remark/Add/${other._id}/${remark.json()._id}` })).statusCode).toBe(404);
    // The tenant cannot reach another company's remarks through the attachments module either.
    const foreign = await tenant.request({ method: 'POST', url: '/api/Remarks/List', payload: { ownerType: 'company', ownerId: other._id } });
    expect(foreign.statusCode).toBe(404);
  });
});
