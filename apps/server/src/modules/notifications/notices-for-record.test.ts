import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or, sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';
import { findRecipientsByEmails } from '../../platform/auth/audiences';
import { accounts } from '../../platform/auth/accounts.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { setSystemSetting } from '../settings/settings.test-support';
import { isAllowedRecipient } from './notice-recipients';

// The Send Notice dialog's calls (GET Notices/ForRecord, GET Notices/Preview), scoped like SendNotices.
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
});
afterAll(async () => t?.close());

async function addNotice(key: string, module: string, template: string, name = `Notice ${key}`) {
  await t.db.execute(sql`delete from notices where lower(key) = lower(${key})`);
  const res = await admin.request({ method: 'POST', url: '/api/Crud/notices', payload: { name, description: `About ${key}`, key, module, template } });
  if (res.statusCode !== 201) throw new Error(`notice: ${res.statusCode} ${res.body}`);
}

const forRecord = (caller: Caller, module: string, id: string) => caller.request({ method: 'GET', url: `/api/Notices/ForRecord?module=${module}&id=${id}` });
type TRecipient = { email: string; name: string; kind: string };
const emailsOf = (recipients: TRecipient[]) => recipients.map((r) => r.email.toLowerCase());

describe('GET Notices/ForRecord', () => {
  it('401 -> 400 -> 403 -> 404: signed in, a known module and id, a caller who reads that kind, a record they can read', async () => {
    const company = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    expect((await t.app.inject({ method: 'GET', url: `/api/Notices/ForRecord?module=Invoices&id=${invoice._id}` })).statusCode).toBe(401);

    const badModule = await forRecord(admin, 'Lease', invoice._id);
    expect(badModule.statusCode).toBe(400);
    expect(badModule.json().errors.module).toBe('Choose Invoices, Waitlist or Company');
    expect((await forRecord(admin, 'Invoices', 'not-an-id')).statusCode).toBe(400);

    // Applicants are staff business; invoices need the Invoices module (or a company of one's own).
    expect((await forRecord(tenant, 'Waitlist', invoice._id)).statusCode).toBe(403);
    const companyStaff = await signIn(t, { modules: ['Company'] });
    expect((await forRecord(companyStaff, 'Invoices', invoice._id)).statusCode).toBe(403);

    expect((await forRecord(admin, 'Invoices', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // The invoice exists, but as a Company record it is nothing: ids of one kind are not another's.
    expect((await forRecord(admin, 'Company', invoice._id)).statusCode).toBe(404);
  });

  it('a tenant gets their own invoice’s notices and company contacts, never another company’s, and no staff directory', async () => {
    await addNotice('invoice.copy.for-record', 'Invoices', '<p>Invoice {{invoiceNumber}}</p>', 'Invoice copy');
    await addNotice('company.letter.for-record', 'Company', '<p>Dear {{name}}</p>', 'Company letter');
    const company = await buildCompany(admin);
    const other = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id);
    const otherInvoice = await buildInvoice(admin, other._id);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id, givenName: 'Tia', familyName: 'Tenant' });
    const colleague = await signIn(t, { isInternal: false, companyId: company._id });
    const disabled = await signIn(t, { isInternal: false, companyId: company._id, enabled: false });
    const otherTenant = await signIn(t, { isInternal: false, companyId: other._id });

    // Another company's invoice and company are simply not found.
    expect((await forRecord(tenant, 'Invoices', otherInvoice._id)).statusCode).toBe(404);
    expect((await forRecord(tenant, 'Company', other._id)).statusCode).toBe(404);

    const res = await forRecord(tenant, 'Invoices', invoice._id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { label: string; notices: { key: string; name: string; description: string }[]; recipients: TRecipient[] };
    expect(body.label).toBe(`Invoice #${invoice.invoiceNumber}`);
    // Only the Invoices module's notices, with what the dialog shows (never the template).
    expect(body.notices).toContainEqual({ key: 'invoice.copy.for-record', name: 'Invoice copy', description: 'About invoice.copy.for-record' });
    expect(body.notices.map((n) => n.key)).not.toContain('company.letter.for-record');
    expect(Object.keys(body.notices[0]!).sort()).toEqual(['description', 'key', 'name']);
    // The invoice's contact e-mail, then the company's enabled users; no disabled user, no other
    // company, and no internal users for a company caller.
    expect(body.recipients[0]).toEqual({ email: 'billing@example.test', name: `Invoice #${invoice.invoiceNumber}`, kind: 'contact' });
    expect(body.recipients).toContainEqual({ email: tenant.user.email, name: 'Tia Tenant', kind: 'company' });
    expect(emailsOf(body.recipients).sort()).toEqual(['billing@example.test', tenant.user.email, colleague.user.email].map((e) => e.toLowerCase()).sort());
    expect(emailsOf(body.recipients)).not.toContain(disabled.user.email.toLowerCase());
    expect(emailsOf(body.recipients)).not.toContain(otherTenant.user.email.toLowerCase());
    expect(body.recipients.some((r) => r.kind === 'internal')).toBe(false);

    // Their own company's letters too, with the company's e-mail as the contact.
    const letter = (await forRecord(tenant, 'Company', company._id)).json();
    expect(letter.notices.map((n: { key: string }) => n.key)).toContain('company.letter.for-record');
    expect(letter.recipients[0]).toEqual({ email: 'billing@example.test', name: company.name, kind: 'contact' });
  });

  it('staff see internal users too, and the list is exactly what SendNotices accepts', async () => {
    await addNotice('invoice.exact.for-record', 'Invoices', '<p>Invoice {{invoiceNumber}}</p>');
    const company = await buildCompany(admin);
    const other = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    const otherTenant = await signIn(t, { isInternal: false, companyId: other._id });
    const clerk = await signIn(t, { modules: ['Invoices'], givenName: 'Fin', familyName: 'Clerk' });
    const disabledStaff = await signIn(t, { modules: ['Invoices'], enabled: false });

    const body = (await forRecord(clerk, 'Invoices', invoice._id)).json() as { recipients: TRecipient[] };
    const listed = emailsOf(body.recipients);
    expect(body.recipients).toContainEqual({ email: clerk.user.email, name: 'Fin Clerk', kind: 'internal' });
    expect(body.recipients).toContainEqual(expect.objectContaining({ email: tenant.user.email, kind: 'company' }));
    expect(listed).toContain(admin.user.email.toLowerCase());
    expect(listed).not.toContain(disabledStaff.user.email.toLowerCase());
    expect(new Set(listed).size).toBe(listed.length);

    // Every listed address is accepted by the sender's own rule, and the enabled accounts it would
    // accept (internal users, this company's users) are all listed.
    const record = { companyId: company._id, contacts: ['billing@example.test'] };
    for (const email of listed) expect(await isAllowedRecipient(t.db, email, record)).toBe(true);
    const accepted = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(and(eq(accounts.enabled, true), or(eq(accounts.isInternal, true), eq(accounts.companyId, company._id))));
    expect(accepted.map((r) => r.email.toLowerCase()).sort()).toEqual(listed.filter((e) => e !== 'billing@example.test').sort());

    // Through HTTP: listed addresses of each kind are sent; the others are refused on the field.
    await t.db.delete(mailOutbox);
    const send = (email: string) => clerk.request({ method: 'POST', url: '/api/SendNotices', payload: { key: 'invoice.exact.for-record', id: invoice._id, email } });
    for (const kind of ['contact', 'company', 'internal']) {
      const pick = body.recipients.find((r) => r.kind === kind)!;
      expect((await send(pick.email)).statusCode).toBe(201);
    }
    for (const email of ['stranger@example.test', otherTenant.user.email, disabledStaff.user.email]) {
      expect(listed).not.toContain(email.toLowerCase());
      const refused = await send(email);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['email']);
    }
    expect(await t.db.select().from(mailOutbox)).toHaveLength(3);
    expect((await findRecipientsByEmails(t.db, [disabledStaff.user.email])).length).toBe(0);
    // An undeliverable placeholder contact (RFC 2606 `.invalid`) is neither listed nor accepted.
    expect(await isAllowedRecipient(t.db, 'payer@apron.invalid', { companyId: company._id, contacts: ['payer@apron.invalid'] })).toBe(false);
  });

  it('a wait-list applicant: their own e-mail for Waitlist staff; nobody else reads it', async () => {
    await addNotice('waitlist.hello.for-record', 'Waitlist', '<p>Hello {{firstName}}</p>');
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
    const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `For-record hangar ${Date.now()}` } });
    const joined = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: type.json()._id, firstName: 'Ann', lastName: 'Pilot', email: 'ann.for-record@example.test' } });
    expect(joined.statusCode).toBe(201);
    const id = joined.json()._id as string;
    const waitlistStaff = await signIn(t, { modules: ['Waitlist'] });
    const res = await forRecord(waitlistStaff, 'Waitlist', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().label).toBe('Ann Pilot');
    expect(res.json().notices.map((n: { key: string }) => n.key)).toContain('waitlist.hello.for-record');
    expect(res.json().recipients[0]).toEqual({ email: 'ann.for-record@example.test', name: 'Ann Pilot', kind: 'contact' });
    expect(res.json().recipients.slice(1).every((r: TRecipient) => r.kind === 'internal')).toBe(true);
    expect((await forRecord(await signIn(t, { modules: ['Invoices'] }), 'Waitlist', id)).statusCode).toBe(403);
  });
});

describe('GET Notices/Preview', () => {
  it('renders from stored data, sanitised, for a record the caller may read', async () => {
    await addNotice('invoice.preview.for-record', 'Invoices', '<p>Invoice {{invoiceNumber}} for {{companyName}}: {{amountDue}}</p>');
    const company = await buildCompany(admin);
    await admin.request({
      method: 'PUT', url: `/api/Company/${company._id}`,
      payload: { name: '<img src=x onerror=alert(1)> Air', description: 'Hangar tenant', email: 'billing@example.test', phone: '7755550100', status: 'Active' },
    });
    const invoice = await buildInvoice(admin, company._id);
    const otherTenant = await signIn(t, { isInternal: false, companyId: (await buildCompany(admin))._id });
    const preview = (key: string, caller: Caller) => caller.request({ method: 'GET', url: `/api/Notices/Preview?key=${key}&id=${invoice._id}&amountDue=1` });

    expect((await t.app.inject({ method: 'GET', url: `/api/Notices/Preview?key=x&id=${invoice._id}` })).statusCode).toBe(401);
    expect((await preview('no.such.notice', admin)).statusCode).toBe(404);
    expect((await preview('invoice.preview.for-record', otherTenant)).statusCode).toBe(404);
    const res = await preview('INVOICE.PREVIEW.FOR-RECORD', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Notice invoice.preview.for-record',
      html: `<p>Invoice ${invoice.invoiceNumber} for &lt;img src=x onerror=alert(1)&gt; Air: $151.00</p>`,
    });
  });
});
