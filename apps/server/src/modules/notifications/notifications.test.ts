import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { startSmtpListener } from '../../../test/smtp-listener';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';
import { createEventDispatch, eventHandlers, publishEvent } from '../../platform/events/index';
import { domainEvents } from '../../platform/events/events.table';
import { createMailDelivery } from '../../platform/mail/index';
import { mailOutbox } from '../../platform/mail/mail.table';
import { alertRecipients, alerts } from '../alerts/alerts.table';
import { setSystemSetting } from '../settings/settings.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(domainEvents);
  await t.db.delete(mailOutbox);
  await t.db.execute(sql`delete from notifications`);
});

const dispatch = () => createEventDispatch({ db: t.db, log: t.app.log, plugins: t.plugins }).dispatch();
/** Deliver and forget what the set-up published (building companies publishes Created events). */
async function settle() {
  await dispatch();
  await t.db.delete(domainEvents);
  await t.db.delete(mailOutbox);
  await t.db.delete(alerts);
}

async function addRule(rule: { name: string; module: string; trigger: string; notify: string; template: string }) {
  const res = await admin.request({ method: 'POST', url: '/api/Crud/notifications', payload: rule });
  if (res.statusCode !== 201) throw new Error(`rule: ${res.statusCode} ${res.body}`);
}

async function companyPayload(id: string) {
  const company = (await admin.request({ method: 'GET', url: `/api/Company/${id}` })).json();
  return { name: company.name, description: company.description, email: company.email, phone: company.phone, status: company.status };
}

const mailsTo = async (email: string) => (await t.db.select().from(mailOutbox)).filter((m) => m.to.includes(email));
const alertsOf = (accountId: string) =>
  t.db.select({ subject: alerts.subject, body: alerts.body, kind: alerts.kind }).from(alertRecipients).innerJoin(alerts, eq(alerts.id, alertRecipients.alertId)).where(eq(alertRecipients.accountId, accountId));

describe('notification rules (Settings > Notifications)', () => {
  it('refuses a template that names a field its module does not offer', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/Crud/notifications', payload: { name: 'Bad', module: 'Company', trigger: 'Updated', notify: 'Internal', template: '<p>{{invoiceNumber}}</p>' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ template: 'Unknown field: invoiceNumber' });
  });

  it('lists each module’s fields for the insert-field menu (staff only)', async () => {
    const tenant = await signIn(t, { isInternal: false, companyId: '0b7a1c52-58c1-4d0f-9d4e-3b0d2c1e0a02' });
    expect((await tenant.request({ method: 'GET', url: '/api/Notifications/Fields' })).statusCode).toBe(403);
    const fields = (await admin.request({ method: 'GET', url: '/api/Notifications/Fields' })).json();
    expect(fields.Invoices.map((f: { name: string }) => f.name)).toContain('invoiceNumber');
    expect(Object.keys((await admin.request({ method: 'GET', url: '/api/Notices/Fields' })).json())).toEqual(['Invoices', 'Waitlist', 'Company']);
  });

  it('fires once per change, after commit, to the right audience, as an alert and an e-mail', async () => {
    await addRule({ name: 'Company changed', module: 'Company', trigger: 'Updated', notify: 'Both', template: '<p>{{name}} is <strong>{{status}}</strong></p>' });
    const mine = await buildCompany(admin);
    const other = await buildCompany(admin);
    const companyStaff = await signIn(t, { modules: ['Company'] });
    const invoicesStaff = await signIn(t, { modules: ['Invoices'] });
    const tenant = await signIn(t, { isInternal: false, companyId: mine._id });
    const otherTenant = await signIn(t, { isInternal: false, companyId: other._id });
    await settle();

    const res = await admin.request({ method: 'PUT', url: `/api/Company/${mine._id}`, payload: { ...(await companyPayload(mine._id)), status: 'Inactive' } });
    expect(res.statusCode).toBe(200);
    // Nothing is delivered inside the request: the event waits for the job.
    expect(await mailsTo(tenant.user.email)).toHaveLength(0);
    expect(await dispatch()).toEqual({ processed: 1, retrying: 0 });
    // A second run (a retried job, another instance) finds nothing left.
    expect(await dispatch()).toEqual({ processed: 0, retrying: 0 });

    for (const who of [companyStaff, tenant]) {
      expect(await alertsOf(who.user.id)).toEqual([{ subject: 'Company changed', kind: 'rule', body: `<p>${mine.name} is <strong>Inactive</strong></p>` }]);
      const mails = await mailsTo(who.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: 'Company changed', kind: 'notification', to: [who.user.email] });
      expect(mails[0]!.text).toBe(`${mine.name} is Inactive`);
    }
    // Staff without the module, and another company's users, get nothing.
    for (const who of [invoicesStaff, otherTenant]) {
      expect(await alertsOf(who.user.id)).toEqual([]);
      expect(await mailsTo(who.user.email)).toHaveLength(0);
    }
  });

  it('wait-list joins and removals fire their rules to Waitlist staff, with the queue place', async () => {
    await addRule({ name: 'New applicant', module: 'Waitlist', trigger: 'Created', notify: 'Internal', template: '<p>{{firstName}} {{lastName}} is number {{position}} for {{propertyType}}</p>' });
    await addRule({ name: 'Applicant left', module: 'Waitlist', trigger: 'Removed', notify: 'Internal', template: '<p>{{firstName}} left</p>' });
    const waitlistStaff = await signIn(t, { modules: ['Waitlist'] });
    const companyStaff = await signIn(t, { modules: ['Company'] });
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
    const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Rule hangar ${Date.now()}` } });
    await settle();
    const joined = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: type.json()._id, firstName: 'Ann', lastName: 'Pilot', email: 'ann.rule@example.test' } });
    expect(joined.statusCode).toBe(201);
    expect(await dispatch()).toEqual({ processed: 1, retrying: 0 });
    expect(await alertsOf(waitlistStaff.user.id)).toEqual([{ subject: 'New applicant', kind: 'rule', body: `<p>Ann Pilot is number 1 for ${type.json().name}</p>` }]);
    expect(await alertsOf(companyStaff.user.id)).toEqual([]);
    expect((await admin.request({ method: 'DELETE', url: `/api/WaitList/${joined.json()._id}` })).statusCode).toBeLessThan(300);
    expect(await dispatch()).toEqual({ processed: 1, retrying: 0 });
    expect((await alertsOf(waitlistStaff.user.id)).map((a) => a.subject).sort()).toEqual(['Applicant left', 'New applicant']);
  });

  it('sends nothing for a change that was rolled back, or refused', async () => {
    await addRule({ name: 'Company changed', module: 'Company', trigger: 'Updated', notify: 'Internal', template: '<p>{{name}}</p>' });
    const company = await buildCompany(admin);
    await expect(
      t.db.transaction(async (tx) => {
        await publishEvent(tx, { module: 'Company', trigger: 'Updated', recordId: company._id, companyId: company._id, fields: { name: 'x' } });
        throw new Error('the change failed after publishing');
      }),
    ).rejects.toThrow('the change failed');
    // A company user may not change the status: the request fails, and publishes nothing.
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    await settle();
    const refused = await tenant.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...(await companyPayload(company._id)), status: 'Inactive' } });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(domainEvents)).toHaveLength(0);
    expect(await dispatch()).toEqual({ processed: 0, retrying: 0 });
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('an invoice rule reaches the tenant of that invoice only, with fields escaped', async () => {
    await addRule({ name: 'New invoice', module: 'Invoices', trigger: 'Created', notify: 'External', template: '<p>Invoice {{invoiceNumber}} for {{companyName}}</p>' });
    const company = await buildCompany(admin);
    await admin.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: { ...(await companyPayload(company._id)), name: '<img src=x onerror=alert(1)> Air' } });
    const other = await buildCompany(admin);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    const otherTenant = await signIn(t, { isInternal: false, companyId: other._id });
    const invoice = await buildInvoice(admin, company._id, []);
    await dispatch();
    const [alert] = await alertsOf(tenant.user.id);
    expect(alert!.body).toBe(`<p>Invoice ${invoice.invoiceNumber} for &lt;img src=x onerror=alert(1)&gt; Air</p>`);
    expect(alert!.body).not.toContain('<img');
    expect(await alertsOf(otherTenant.user.id)).toEqual([]);
  });

  it('a handler that fails is retried later with back-off, and its writes are not kept', async () => {
    await addRule({ name: 'Company changed', module: 'Company', trigger: 'Updated', notify: 'Internal', template: '<p>{{name}}</p>' });
    const staff = await signIn(t, { modules: ['Company'] });
    // It fails in its batch and again on its own: then it waits for its retry, and the other
    // event of the batch is delivered.
    let failures = 2;
    const other = await buildCompany(admin);
    const company = await buildCompany(admin);
    t.plugins.provide(eventHandlers, 'zz-flaky', async (_tx, event) => {
      if (event.recordId === company._id && failures-- > 0) throw new Error('downstream hiccup');
    });
    await t.db.delete(domainEvents);
    await admin.request({ method: 'PUT', url: `/api/Company/${company._id}`, payload: await companyPayload(company._id) });
    await admin.request({ method: 'PUT', url: `/api/Company/${other._id}`, payload: await companyPayload(other._id) });
    expect(await dispatch()).toEqual({ processed: 1, retrying: 1 });
    expect(await alertsOf(staff.user.id)).toHaveLength(1);
    const [event] = await t.db.select().from(domainEvents).where(isNull(domainEvents.processedAt));
    expect(event).toMatchObject({ attempts: 1, lastError: 'downstream hiccup' });
    expect(event!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(event!.recordId).toBe(company._id);
    await t.db.update(domainEvents).set({ nextAttemptAt: sql`now()` });
    expect(await dispatch()).toEqual({ processed: 1, retrying: 0 });
    expect(await alertsOf(staff.user.id)).toHaveLength(2);
    t.plugins.replace(eventHandlers, 'zz-flaky', async () => {});
  });
});

describe('SMTP down, then up', () => {
  it('delivers every rule e-mail exactly once through a real SMTP listener', async () => {
    await addRule({ name: 'Company changed', module: 'Company', trigger: 'Updated', notify: 'Internal', template: '<p>{{name}} changed</p>' });
    const staff = [await signIn(t, { modules: ['Company'] }), await signIn(t, { modules: ['Company'] })];
    const probe = await startSmtpListener();
    const url = probe.url;
    await probe.close(); // SMTP is down: nothing listens on that port now
    const delivery = createMailDelivery({ db: t.db, config: { smtpUrl: url, mailFrom: 'Apron <no-reply@apron.test>' }, log: t.app.log });
    const companies = [await buildCompany(admin), await buildCompany(admin)];
    await settle();
    for (const c of companies) await admin.request({ method: 'PUT', url: `/api/Company/${c._id}`, payload: await companyPayload(c._id) });
    expect((await dispatch()).processed).toBe(2);
    const queued = (await t.db.select().from(mailOutbox)).length;
    expect(queued).toBeGreaterThanOrEqual(4); // both staff, and every other internal user holding Company
    const down = await delivery.deliver();
    expect(down.sent).toBe(0);
    expect(down.retrying).toBe(queued);
    const listener = await startSmtpListener(Number(new URL(url).port));
    try {
      // The retry is due later; bring it forward rather than wait a minute.
      await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
      expect((await delivery.deliver()).sent).toBe(queued);
      expect((await delivery.deliver()).sent).toBe(0);
      for (const person of staff) {
        const received = listener.messages.filter((m) => JSON.stringify(m.to).includes(person.user.email));
        expect(received.map((m) => m.text?.trim()).sort()).toEqual(companies.map((c) => `${c.name} changed`).sort());
      }
      expect(listener.messages).toHaveLength(queued);
      expect((await t.db.select().from(mailOutbox)).every((m) => m.status === 'sent' && m.attempts === 2)).toBe(true);
    } finally {
      await listener.close();
      await delivery.close();
    }
  });
});

describe('notices (POST SendNotices)', () => {
  async function addNotice(key: string, module: string, template: string) {
    await t.db.execute(sql`delete from notices where lower(key) = lower(${key})`);
    const res = await admin.request({ method: 'POST', url: '/api/Crud/notices', payload: { name: `Notice ${key}`, description: 'x', key, module, template } });
    if (res.statusCode !== 201) throw new Error(`notice: ${res.statusCode} ${res.body}`);
  }

  it('renders from stored data, for a record the caller may read, to the record’s contacts or staff only', async () => {
    await addNotice('invoice.copy.test', 'Invoices', '<p>Invoice {{invoiceNumber}}: {{amountDue}} due</p>');
    const company = await buildCompany(admin);
    const other = await buildCompany(admin);
    const invoice = await buildInvoice(admin, company._id);
    const tenant = await signIn(t, { isInternal: false, companyId: company._id });
    const otherTenant = await signIn(t, { isInternal: false, companyId: other._id });
    const staff = await signIn(t, { modules: [] });
    const sendAs = (caller: Caller, payload: object) => caller.request({ method: 'POST', url: '/api/SendNotices', payload });

    expect((await t.app.inject({ method: 'POST', url: '/api/SendNotices', payload: {} })).statusCode).toBe(401);
    expect((await sendAs(admin, { key: 'invoice.copy.test', id: invoice._id, email: 'nope' })).json().errors).toEqual({ email: 'Email is not valid' });
    expect((await sendAs(admin, { key: 'no.such.key', id: invoice._id, email: tenant.user.email })).statusCode).toBe(404);
    // Another company's invoice is not found for a tenant; staff without Invoices cannot read it either.
    expect((await sendAs(otherTenant, { key: 'invoice.copy.test', id: invoice._id, email: otherTenant.user.email })).statusCode).toBe(404);
    expect((await sendAs(staff, { key: 'invoice.copy.test', id: invoice._id, email: staff.user.email })).statusCode).toBe(404);
    // A stranger, or another company's user, is no recipient of this record.
    for (const email of ['stranger@example.test', otherTenant.user.email]) {
      const refused = await sendAs(admin, { key: 'invoice.copy.test', id: invoice._id, email });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.email).toBe('The recipient must be a contact of the record’s company or an internal user');
    }
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);

    for (const [caller, email] of [[tenant, tenant.user.email], [admin, 'billing@example.test'], [admin, staff.user.email]] as const) {
      const ok = await sendAs(caller, { key: 'INVOICE.COPY.TEST', id: invoice._id, email, amountDue: 1 });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({ message: 'Email Sent' });
    }
    const sent = await t.db.select().from(mailOutbox);
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.html === `<p>Invoice ${invoice.invoiceNumber}: $151.00 due</p>` && m.kind === 'notice')).toBe(true);
  });
});

describe('notices about wait-list applicants', () => {
  it('go to the applicant from their stored fields, sent by Waitlist staff only', async () => {
    await t.db.execute(sql`delete from notices where lower(key) = 'waitlist.welcome.test'`);
    const notice = await admin.request({
      method: 'POST', url: '/api/Crud/notices',
      payload: { name: 'Welcome test', description: 'x', key: 'waitlist.welcome.test', module: 'Waitlist', template: '<p>Hello {{firstName}}, you are number {{position}} for {{propertyType}}.</p>' },
    });
    expect(notice.statusCode).toBe(201);
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
    const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: `Notice hangar ${Date.now()}` } });
    const joined = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: type.json()._id, firstName: 'Ann', lastName: 'Pilot', email: 'ann.pilot@example.test' } });
    expect(joined.statusCode).toBe(201);
    const id = joined.json()._id as string;
    const before = (await t.db.select().from(mailOutbox)).length;
    const noWaitlist = await signIn(t, { modules: ['Invoices'] });
    expect((await noWaitlist.request({ method: 'POST', url: '/api/SendNotices', payload: { key: 'waitlist.welcome.test', id, email: 'ann.pilot@example.test' } })).statusCode).toBe(404);
    expect((await admin.request({ method: 'POST', url: '/api/SendNotices', payload: { key: 'waitlist.welcome.test', id, email: 'someone.else@example.test' } })).statusCode).toBe(400);
    const ok = await admin.request({ method: 'POST', url: '/api/SendNotices', payload: { key: 'waitlist.welcome.test', id, email: 'ann.pilot@example.test' } });
    expect(ok.statusCode).toBe(201);
    const sent = (await t.db.select().from(mailOutbox)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.html).toMatch(/^<p>Hello Ann, you are number 1 for Notice hangar \d+\.<\/p>$/);
  });
});

describe('Notifications Sent (GET Mail, GET Mail/{id}/Body)', () => {
  it('searches, shows bodies sanitised, hides private ones, and is for Settings admins', async () => {
    const [shown] = await t.db
      .insert(mailOutbox)
      .values({ to: ['pat@example.test'], subject: 'Hangar rent', text: 'Rent due', html: '<p>Rent <script>alert(1)</script><img src=x onerror=alert(1)>due</p>', kind: 'notification', status: 'failed', attempts: 8 })
      .returning();
    const [secret] = await t.db.insert(mailOutbox).values({ to: ['new@example.test'], subject: 'Set your password', text: 'https://x/set?token=secret', kind: 'invite' }).returning();
    const settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
    const clerk = await signIn(t, { modules: ['Settings'] });
    expect((await clerk.request({ method: 'GET', url: `/api/Mail/${shown!.id}/Body` })).statusCode).toBe(403);
    const found = (await settingsAdmin.request({ method: 'GET', url: '/api/Mail?q=pat@' })).json();
    expect(found.map((m: { _id: string }) => m._id)).toEqual([shown!.id]);
    const body = (await settingsAdmin.request({ method: 'GET', url: `/api/Mail/${shown!.id}/Body` })).json();
    expect(body).toMatchObject({ subject: 'Hangar rent', html: '<p>Rent due</p>', private: false });
    expect((await settingsAdmin.request({ method: 'GET', url: `/api/Mail/${secret!.id}/Body` })).json()).toMatchObject({ html: null, text: null, private: true });
    const resent = await settingsAdmin.request({ method: 'POST', url: `/api/Mail/${shown!.id}/Resend` });
    expect(resent.json()).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
