import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVOICE_MESSAGES, TOTAL_COUNT_HEADER, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { buildCompany, buildInvoice, superAdmin } from './billing.test-support';
import { invoices } from './invoices.table';
import { eventually } from '../../../test/smtp-sink';

let t: TestApp;
let admin: Caller;
let invoicesAdmin: Caller;
let invoicesStaff: Caller;
let stranger: Caller; // internal, no Invoices module
let tenant: Caller;
let company: { _id: string };
let other: { _id: string };
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  invoicesAdmin = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  invoicesStaff = await signIn(t, { modules: ['Invoices'] });
  stranger = await signIn(t, { modules: ['Property'] });
  company = await buildCompany(admin);
  other = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

describe('POST /api/Invoices', () => {
  it('401, 400, 403', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Invoices', payload: {} })).statusCode).toBe(401);
    const bad = await invoicesStaff.request({ method: 'POST', url: '/api/Invoices', payload: { name: ' ', description: 'x', dueDate: '', tenantId: company._id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: 'Name is required', dueDate: 'Due Date is required' });
    expect((await stranger.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'a', description: 'b', dueDate: '2025-01-01', tenantId: company._id } })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'a', description: 'b', dueDate: '2025-01-01', tenantId: company._id } })).statusCode).toBe(403);
    const unknown = await invoicesStaff.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'a', description: 'b', dueDate: '2025-01-01', tenantId: missing } });
    expect(unknown.json().errors).toEqual({ tenantId: 'Company not found' });
  });

  it('creates with a sequential number and reads back', async () => {
    const a = await invoicesStaff.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'March', description: 'Rent', dueDate: '2099-03-31', tenantId: company._id } });
    const b = await invoicesStaff.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'April', description: 'Rent', dueDate: '2099-04-30', tenantId: company._id } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ message: INVOICE_MESSAGES.created, invoice: { status: 'Created', amountDue: 0, lineItems: [] } });
    expect(b.json().invoice.invoiceNumber).toBe(a.json().invoice.invoiceNumber + 1);
    const read = await invoicesStaff.request({ method: 'GET', url: `/api/Invoices/${a.json()._id}` });
    expect(read.json()).toMatchObject({ name: 'March', tenantId: company._id, dueDate: '2099-03-31', abilities: { addLine: false, comment: true } });
  });
});

describe('line items and totals', () => {
  let invoice: TInvoice;
  beforeAll(async () => {
    invoice = await buildInvoice(admin, company._id);
  });

  it('add: 401, 400, 403 (staff, not admin), 404', async () => {
    const url = `/api/Invoices/LineItems/Add/${invoice._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const bad = await invoicesAdmin.request({ method: 'POST', url, payload: { name: 'x', description: 'y', charges: 1.005, amount: 0 } });
    expect(bad.json().errors).toEqual({ charges: 'At most two decimals', amount: 'Must be at least 1' });
    expect((await invoicesStaff.request({ method: 'POST', url, payload: { name: 'x', description: 'y', charges: 1, amount: 1 } })).statusCode).toBe(403);
    const gone = await invoicesAdmin.request({ method: 'POST', url: `/api/Invoices/LineItems/Add/${missing}`, payload: { name: 'x', description: 'y', charges: 1, amount: 1 } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(INVOICE_MESSAGES.notFound);
  });

  it('totals come from the server: total = due, nothing paid', async () => {
    expect(invoice).toMatchObject({ amountTotal: 151, amountDue: 151, amountPaid: 0 });
    expect(invoice.lineItems.map((l) => [l.name, l.charges, l.amount, l.total, l.isPaid])).toEqual([
      ['Tie-down', 25.5, 2, 51, false],
      ['Fuel', 100, 1, 100, false],
    ]);
  });

  it('edit and remove an unpaid line; the grid carries the new totals', async () => {
    const line = invoice.lineItems[0]!;
    const edited = await invoicesAdmin.request({
      method: 'PUT',
      url: `/api/Invoices/LineItems/${invoice._id}`,
      payload: { uid: line.uid, name: 'Tie-down', description: 'Three nights', charges: 25.5, amount: 3 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ amountTotal: 176.5, amountDue: 176.5 });
    const removed = await invoicesAdmin.request({ method: 'DELETE', url: `/api/Invoices/LineItems/${invoice._id}/${invoice.lineItems[1]!.uid}` });
    expect(removed.json()).toMatchObject({ amountTotal: 76.5, status: 'Created' });
    const grid = await invoicesStaff.request({ method: 'GET', url: `/api/Invoices?tenantId=${company._id}&q=${invoice.invoiceNumber}` });
    expect(grid.json()).toMatchObject([{ _id: invoice._id, amountTotal: 76.5, amountDue: 76.5, amountPaid: 0 }]);
    const wrong = await invoicesAdmin.request({ method: 'DELETE', url: `/api/Invoices/LineItems/${invoice._id}/${missing}` });
    expect(wrong.statusCode).toBe(404);
  });

  it('removing the last line cancels the invoice', async () => {
    const single = await buildInvoice(admin, company._id, [{ name: 'Only', description: 'one', charges: 5, amount: 1 }]);
    const res = await invoicesAdmin.request({ method: 'DELETE', url: `/api/Invoices/LineItems/${single._id}/${single.lineItems[0]!.uid}` });
    expect(res.json()).toMatchObject({ status: 'Cancelled', lineItems: [], abilities: { cancel: false, addLine: false } });
  });
});

describe('cancel and comments', () => {
  it('cancel: 403 for staff, then Cancelled; a second cancel is 409; a cancelled invoice takes no lines', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const url = `/api/Invoices/Cancel/${invoice._id}`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await invoicesStaff.request({ method: 'PUT', url })).statusCode).toBe(403);
    expect((await invoicesAdmin.request({ method: 'PUT', url: `/api/Invoices/Cancel/${missing}` })).statusCode).toBe(404);
    const res = await invoicesAdmin.request({ method: 'PUT', url });
    expect(res.json()).toMatchObject({ status: 'Cancelled' });
    expect((await invoicesAdmin.request({ method: 'PUT', url })).statusCode).toBe(409);
    const add = await invoicesAdmin.request({ method: 'POST', url: `/api/Invoices/LineItems/Add/${invoice._id}`, payload: { name: 'x', description: 'y', charges: 1, amount: 1 } });
    expect(add.statusCode).toBe(409);
  });

  it('comments: Invoices staff write, tenants cannot', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const url = `/api/Invoices/Comments/${invoice._id}`;
    expect((await tenant.request({ method: 'POST', url, payload: { comments: 'hi' } })).statusCode).toBe(403);
    const res = await invoicesStaff.request({ method: 'POST', url, payload: { comments: 'Call before Friday' } });
    expect(res.json().comments).toBe('Call before Friday');
  });
});

describe('tenants see their own invoices only', () => {
  it('grid and detail are scoped; another company is 404 with the spec text', async () => {
    const mine = await buildInvoice(admin, company._id);
    const theirs = await buildInvoice(admin, other._id);
    const grid = await tenant.request({ method: 'GET', url: '/api/Invoices?pageSize=100' });
    expect(grid.statusCode).toBe(200);
    const ids = (grid.json() as Array<{ _id: string; tenantId: string }>).map((r) => r.tenantId);
    expect(new Set(ids)).toEqual(new Set([company._id]));
    expect(Number(grid.headers[TOTAL_COUNT_HEADER])).toBe(ids.length);
    expect((await tenant.request({ method: 'GET', url: `/api/Invoices/${mine._id}` })).json()).toMatchObject({ _id: mine._id, abilities: { payOnline: true, payFromBalance: true, manualPayment: false, addLine: false } });
    const foreign = await tenant.request({ method: 'GET', url: `/api/Invoices/${theirs._id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No Invoice Found.');
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Invoices/${other._id}` })).statusCode).toBe(404);
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Invoices/${company._id}` })).statusCode).toBe(200);
    expect((await stranger.request({ method: 'GET', url: '/api/Invoices' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/Invoices' })).statusCode).toBe(401);
  });

  it('filters by status, company and dates; sorts by amount; bad sort is a 400', async () => {
    const res = await invoicesStaff.request({ method: 'GET', url: `/api/Invoices?status=Cancelled&tenantId=${company._id}&dueFrom=2000-01-01&sort=amountDue:desc` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ status: string }>).every((r) => r.status === 'Cancelled')).toBe(true);
    expect((await invoicesStaff.request({ method: 'GET', url: '/api/Invoices?sort=secret:asc' })).json().errors).toEqual({ sort: 'Cannot sort by secret' });
  });

  it("sorts by the company's name either way, ignoring case, and shows it on each row", async () => {
    const named = async (name: string) => (await admin.request({ method: 'POST', url: '/api/Company', payload: { name, description: 'Hangar tenant', email: 'billing@example.test', status: 'Active' } })).json() as { _id: string };
    const stamp = Date.now();
    const zulu = await named(`Zulu Jets ${stamp}`);
    const aardvark = await named(`aardvark Aviation ${stamp}`);
    const late = await buildInvoice(admin, zulu._id, []);
    const early = await buildInvoice(admin, aardvark._id, []);
    const order = async (direction: string) => {
      const rows = (await invoicesStaff.request({ method: 'GET', url: `/api/Invoices?pageSize=100&sort=tenantName:${direction}` })).json() as Array<{ _id: string; tenantName: string }>;
      const mine = rows.filter((r) => r._id === early._id || r._id === late._id);
      return mine.map((r) => r.tenantName);
    };
    expect(await order('asc')).toEqual([`aardvark Aviation ${stamp}`, `Zulu Jets ${stamp}`]);
    expect(await order('desc')).toEqual([`Zulu Jets ${stamp}`, `aardvark Aviation ${stamp}`]);
  });
});

describe('e-mail copy and PDF', () => {
  it('queues the e-mail held for its PDF, which a job renders and attaches; 400 for a bad address', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const url = `/api/Invoices/Email/${invoice._id}`;
    expect((await tenant.request({ method: 'POST', url, payload: { subject: 'Copy', email: 'not-an-email' } })).json().errors).toEqual({ email: 'Email is not valid' });
    const res = await tenant.request({ method: 'POST', url, payload: { subject: 'Copy', email: 'me@example.test' } });
    expect(res.json()).toEqual({ message: 'Email Sent' });
    const copy = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice-copy')))[0];
    const held = await copy();
    expect(held).toMatchObject({ to: ['me@example.test'], subject: 'Copy', attachments: [], ref: `invoice:${invoice._id}` });
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await t.app.jobs.start();
    let released;
    try {
      released = await eventually(async () => {
        const mail = await copy();
        return (mail!.attachments as unknown[]).length > 0 ? mail : null;
      });
    } finally {
      await t.app.jobs.stop();
    }
    const attachment = (released!.attachments as Array<{ filename: string; contentType: string; contentBase64: string }>)[0]!;
    expect(attachment).toMatchObject({ filename: `invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(attachment.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(released!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const pdf = await tenant.request({ method: 'GET', url: `/api/Invoices/Pdf/${invoice._id}` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the database refuses a paid status without paid lines', async () => {
    const invoice = await buildInvoice(admin, company._id);
    await expect(t.db.update(invoices).set({ status: 'Paid' }).where(eq(invoices.id, invoice._id))).rejects.toThrow();
  });
});
