import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: ['Settings'], isAdmin: true });
});
afterAll(async () => t?.close());

const missingId = '00000000-0000-4000-8000-000000000000';

async function create(type: string, body: Record<string, unknown>) {
  const res = await admin.request({ method: 'POST', url: `/api/Crud/${type}`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { _id: string };
}

describe('Crud/{type}: the ladder', () => {
  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Crud/documentTypes' })).statusCode).toBe(401);
    const anon = await anonymous(t);
    const res = await anon({ method: 'POST', url: '/api/Crud/documentTypes', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('400 with the field error', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Crud/documentTypes', payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { name: 'Name is required' } });
    const cycle = await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: 'Weekly', dueDays: -1, expression: '0 0 * *' } });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toMatchObject({ dueDays: 'Due days must be at least 0', expression: expect.stringContaining('five fields') });
  });

  it('403 for a Settings user who is not an admin writing, and for a user without Settings reading', async () => {
    const reader = await signIn(t, { modules: ['Settings'] });
    const write = await reader.request({ method: 'POST', url: '/api/Crud/documentTypes', payload: { name: 'Lease' } });
    expect(write.statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: '/api/Crud/notices' })).statusCode).toBe(200);

    const invoicesOnly = await signIn(t, { modules: ['Invoices'], isAdmin: true });
    expect((await invoicesOnly.request({ method: 'GET', url: '/api/Crud/notices' })).statusCode).toBe(403);
    expect((await invoicesOnly.request({ method: 'GET', url: '/api/Crud/systemSettings' })).statusCode).toBe(403);
    const tenant = await signIn(t, { isInternal: false });
    expect((await tenant.request({ method: 'GET', url: '/api/Crud/documentTypes' })).statusCode).toBe(403);
  });

  it('lets any internal user with a module read the types other modules pick from', async () => {
    const leaseUser = await signIn(t, { modules: ['Lease'] });
    for (const type of ['documentTypes', 'insuranceTypes', 'invoiceCycles', 'paymentTypes']) {
      expect((await leaseUser.request({ method: 'GET', url: `/api/Crud/${type}` })).statusCode).toBe(200);
    }
    const noModule = await signIn(t, { modules: [] });
    expect((await noModule.request({ method: 'GET', url: '/api/Crud/invoiceCycles' })).statusCode).toBe(403);
  });

  it('404 for an unknown type and for a missing id', async () => {
    const unknown = await admin.request({ method: 'GET', url: '/api/Crud/rocketTypes' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await admin.request({ method: 'POST', url: '/api/Crud/rocketTypes', payload: { name: 'X' } })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `/api/Crud/documentTypes/${missingId}` })).statusCode).toBe(404);
    const put = await admin.request({ method: 'PUT', url: `/api/Crud/documentTypes/${missingId}`, payload: { name: 'Nothing' } });
    expect(put.statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/Crud/documentTypes/${missingId}` })).statusCode).toBe(404);
  });

  it('201 and a read-back, update, delete, each audited with who and what', async () => {
    const created = await create('documentTypes', { name: 'Hangar Lease', description: 'Signed leases' });
    expect(created).toMatchObject({ name: 'Hangar Lease', description: 'Signed leases', _id: expect.any(String) });
    expect(Date.parse(String(created.createdAt))).not.toBeNaN();

    const read = await admin.request({ method: 'GET', url: `/api/Crud/documentTypes/${created._id}` });
    expect(read.json()).toEqual(created);

    const put = await admin.request({ method: 'PUT', url: `/api/Crud/documentTypes/${created._id}`, payload: { name: 'Ground Lease', description: 'Signed leases' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ _id: created._id, name: 'Ground Lease' });

    const del = await admin.request({ method: 'DELETE', url: `/api/Crud/documentTypes/${created._id}` });
    expect(del.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/Crud/documentTypes/${created._id}` })).statusCode).toBe(404);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings.documentTypes'), eq(auditLog.entityId, created._id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((r) => r.actorId === admin.user.id && r.actorEmail === admin.user.email)).toBe(true);
    expect(rows[0]!.changes).toEqual({ name: 'Hangar Lease', description: 'Signed leases' });
    expect(rows[1]!.changes).toEqual({ name: { from: 'Hangar Lease', to: 'Ground Lease' } });
    expect(rows[2]!.changes).toMatchObject({ name: 'Ground Lease' });
  });

  it('refuses a duplicate name regardless of case with a 400 on name', async () => {
    await create('insuranceTypes', { name: 'Aircraft Hull' });
    const res = await admin.request({ method: 'POST', url: '/api/Crud/insuranceTypes', payload: { name: 'aircraft hull' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { name: 'An insurance type named aircraft hull already exists.' } });
    const other = await create('insuranceTypes', { name: 'General Liability' });
    const rename = await admin.request({ method: 'PUT', url: `/api/Crud/insuranceTypes/${other._id}`, payload: { name: 'AIRCRAFT HULL' } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors.name).toContain('already exists');
  });
});

describe('type-specific values', () => {
  it('keeps a flat payment amount in dollars and a percentage as given', async () => {
    const flat = await create('paymentTypes', { name: 'Flat 25', skuType: 'Flat', skuValue: 25.5, lateFee: 5 });
    expect(flat).toMatchObject({ skuType: 'Flat', skuValue: 25.5, lateFee: 5 });
    const percent = await create('paymentTypes', { name: 'Three percent', skuType: 'Percent', skuValue: 3.25, lateFee: 12.5 });
    expect(percent).toMatchObject({ skuType: 'Percent', skuValue: 3.25, lateFee: 12.5 });
    const bad = await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: 'Bad', skuType: 'Flat', skuValue: 1.005, lateFee: 101 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ lateFee: 'Late fee must be between 0 and 100', skuValue: 'A flat amount has at most two decimals' });
  });

  it('cleans notice templates and refuses a duplicate key', async () => {
    const notice = await create('notices', {
      name: 'Invoice ready',
      key: 'invoice.ready',
      module: 'Invoices',
      template: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">pay</a></p>',
    });
    expect(notice.template).toBe('<p>Hello <a rel="noopener noreferrer">pay</a></p>');
    const dup = await admin.request({ method: 'POST', url: '/api/Crud/notices', payload: { name: 'Other', key: 'INVOICE.READY', module: 'Invoices', template: 'x' } });
    expect(dup.json()).toEqual({ errors: { key: 'A notice with the key INVOICE.READY already exists.' } });
  });
});

describe('system settings', () => {
  async function settingId(name: string): Promise<string> {
    const res = await admin.request({ method: 'GET', url: `/api/Crud/systemSettings?q=${name}` });
    const row = (res.json() as Array<{ _id: string; name: string }>).find((r) => r.name === name);
    return row!._id;
  }

  it('validates the value by the setting name', async () => {
    const id = await settingId('WAITLIST_CHARGE');
    for (const value of ['abc', '-1']) {
      const res = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${id}`, payload: { name: 'WAITLIST_CHARGE', value } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['value']);
    }
    const ok = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${id}`, payload: { name: 'WAITLIST_CHARGE', value: '0' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'WAITLIST_CHARGE', value: '0' });
  });

  it('refuses a rename, an unknown or duplicate name, and any delete', async () => {
    const id = await settingId('TIEDOWN_PAYMENT');
    const rename = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${id}`, payload: { name: 'LANDING_LINKS', value: 'yes' } });
    expect(rename.json()).toEqual({ errors: { name: 'The name of a system setting cannot be changed.' } });
    const unknown = await admin.request({ method: 'POST', url: '/api/Crud/systemSettings', payload: { name: 'NOPE', value: '1' } });
    expect(unknown.json()).toEqual({ errors: { name: 'Unknown setting' } });
    const dup = await admin.request({ method: 'POST', url: '/api/Crud/systemSettings', payload: { name: 'TIEDOWN_PAYMENT', value: 'yes' } });
    expect(dup.statusCode).toBe(400);
    const del = await admin.request({ method: 'DELETE', url: `/api/Crud/systemSettings/${id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ code: 'CONFLICT', message: 'System settings cannot be deleted; edit the value instead.' });
  });
});
