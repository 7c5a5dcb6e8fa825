import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER, type TAlertItem } from '@apron/core';
import { anonymous, buildAccount, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { alertRecipients, alerts } from './alerts.table';

let t: TestApp;
let adminA: Caller;
let adminB: Caller;
let staff: Caller;
let disabledAdminId: string;
let externalAdminId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await signIn(t, { isAdmin: true, modules: ['Settings'] });
  adminB = await signIn(t, { isAdmin: true, modules: [] });
  staff = await signIn(t, { modules: 'all' });
  disabledAdminId = (await buildAccount(t.db, { isAdmin: true, enabled: false })).id;
  externalAdminId = (await buildAccount(t.db, { isAdmin: true, isInternal: false, companyId: randomUUID() })).id;
});
afterAll(async () => t?.close());

const contact = { name: 'Ada Visitor', email: 'Ada@Example.test', phone: '5551234', subject: 'Hangar question', message: 'Is there a hangar free in May? <b>bold</b>' };
const lostCard = { name: 'Bob Pilot', email: 'bob@example.test', company: 'Sky Co', cardNumber: 'C-1234', message: 'Lost it on the apron' };
let address = 0;
/** Each test posts from its own client address, so the per-address limit is tested on its own. */
const fromAddress = () => `10.1.0.${++address}`;

describe('POST /api/Alerts/ContactUs (public)', () => {
  it('403 without the CSRF pair', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Alerts/ContactUs', payload: contact, remoteAddress: fromAddress() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });

  it('400 names each bad field', async () => {
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: { ...contact, name: ' ', email: 'not-an-email', phone: '55-12' }, remoteAddress: fromAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Name is required', email: 'Email is not valid', phone: 'Phone number is not valid' });
  });

  it('201 stores one alert for every enabled internal admin and queues one e-mail to them', async () => {
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: contact, remoteAddress: fromAddress() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message Sent' });

    const [alert] = await t.db.select().from(alerts).where(eq(alerts.kind, 'contact')).orderBy(desc(alerts.createdAt)).limit(1);
    expect(alert!.subject).toBe('Contact Us: Hangar question');
    expect(alert!.body).toContain('Email: ada@example.test');
    expect(alert!.body).toContain('Is there a hangar free in May? <b>bold</b>');
    const recipients = await t.db.select().from(alertRecipients).where(eq(alertRecipients.alertId, alert!.id));
    expect(recipients.map((r) => r.accountId).sort()).toEqual([adminA.user.id, adminB.user.id].sort());
    expect(recipients.map((r) => r.accountId)).not.toContain(disabledAdminId);
    expect(recipients.map((r) => r.accountId)).not.toContain(externalAdminId);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.sort()).toEqual([adminA.user.email, adminB.user.email].sort());
    expect(mails[0]).toMatchObject({ subject: 'Contact Us: Hangar question', text: alert!.body, html: null, status: 'queued' });
  });

  it('429 on the sixth post within a minute from one address', async () => {
    const post = await anonymous(t);
    const remoteAddress = fromAddress();
    for (let i = 0; i < 5; i++) {
      expect((await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: contact, remoteAddress })).statusCode).toBe(201);
    }
    const sixth = await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: contact, remoteAddress });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: contact, remoteAddress: fromAddress() })).statusCode).toBe(201);
  });
});

describe('the public forms have a honeypot, as the parking and wait-list forms do', () => {
  for (const [url, kind, payload, message] of [
    ['/api/Alerts/ContactUs', 'contact', contact, 'Message Sent'],
    ['/api/Alerts/RequestLostCard', 'lostcard', lostCard, 'Report Sent'],
  ] as const) {
    it(`${url} with \`website\` filled: a bot is told yes, nothing is stored or e-mailed`, async () => {
      const alertsBefore = await t.db.select().from(alerts).where(eq(alerts.kind, kind));
      const mailsBefore = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
      const post = await anonymous(t);
      const res = await post({ method: 'POST', url, payload: { ...payload, website: 'https://spam.example' }, remoteAddress: fromAddress() });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message });
      expect(await t.db.select().from(alerts).where(eq(alerts.kind, kind))).toHaveLength(alertsBefore.length);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).toHaveLength(mailsBefore.length);
    });
  }

  it('a line break in the subject is a 400 naming it (it becomes the e-mail subject)', async () => {
    const post = await anonymous(t);
    const res = await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: { ...contact, subject: 'Hi\r\nBcc: all@example.test' }, remoteAddress: fromAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ subject: 'Subject must be on one line' });
  });
});

describe('POST /api/Alerts/RequestLostCard (public)', () => {
  it('403 without CSRF, 400 by field, 201 with an alert and an e-mail', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Alerts/RequestLostCard', payload: lostCard, remoteAddress: fromAddress() })).statusCode).toBe(403);
    const post = await anonymous(t);
    const bad = await post({ method: 'POST', url: '/api/Alerts/RequestLostCard', payload: { ...lostCard, message: '' }, remoteAddress: fromAddress() });
    expect(bad.json().errors).toEqual({ message: 'Details is required' });
    const res = await post({ method: 'POST', url: '/api/Alerts/RequestLostCard', payload: lostCard, remoteAddress: fromAddress() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Report Sent' });
    const [alert] = await t.db.select().from(alerts).where(eq(alerts.kind, 'lostcard'));
    expect(alert!.subject).toBe('Lost/Stolen Card: Bob Pilot');
    expect(alert!.body).toContain('Card Number: C-1234');
    expect(alert!.body).toContain('Company: Sky Co');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'lostcard'));
    expect(mails).toHaveLength(1);
  });
});

describe('the caller’s alerts', () => {
  let alertId: string;
  beforeAll(async () => {
    const post = await anonymous(t);
    await post({ method: 'POST', url: '/api/Alerts/ContactUs', payload: { ...contact, subject: 'Newest one' }, remoteAddress: fromAddress() });
    const [row] = await t.db.select().from(alerts).where(eq(alerts.subject, 'Contact Us: Newest one'));
    alertId = row!.id;
  });

  it('GET /api/Alerts: 401, 400 on a bad sort, own alerts paged newest first', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Alerts' })).statusCode).toBe(401);
    expect((await adminA.request({ method: 'GET', url: '/api/Alerts?sort=body:asc' })).json().errors).toEqual({ sort: 'Cannot sort by body' });
    const res = await adminA.request({ method: 'GET', url: '/api/Alerts?page=1&pageSize=2' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as TAlertItem[];
    expect(page).toHaveLength(2);
    expect(page[0]).toMatchObject({ _id: alertId, subject: 'Contact Us: Newest one', isNew: true, kind: 'contact', format: 'text' });
    const total = Number(res.headers[TOTAL_COUNT_HEADER]);
    const all = await t.db.select().from(alertRecipients).where(eq(alertRecipients.accountId, adminA.user.id));
    expect(total).toBe(all.length);
    const searched = (await adminA.request({ method: 'GET', url: '/api/Alerts?q=lost' })).json() as TAlertItem[];
    expect(searched.map((a) => a.subject)).toEqual(['Lost/Stolen Card: Bob Pilot']);
    // A user who is not a recipient sees none of them.
    const none = await staff.request({ method: 'GET', url: '/api/Alerts' });
    expect(none.json()).toEqual([]);
    expect(none.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('GET /api/Alerts/Item/:id marks it read for the caller only; someone else’s is 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Alerts/Item/${alertId}` })).statusCode).toBe(401);
    expect((await adminA.request({ method: 'GET', url: '/api/Alerts/Item/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'GET', url: `/api/Alerts/Item/${alertId}` })).statusCode).toBe(404);
    const res = await adminA.request({ method: 'GET', url: `/api/Alerts/Item/${alertId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: alertId, isNew: false, message: expect.stringContaining('Newest one') });
    const mine = (await adminA.request({ method: 'GET', url: '/api/Alerts' })).json() as TAlertItem[];
    expect(mine.find((a) => a._id === alertId)!.isNew).toBe(false);
    const theirs = (await adminB.request({ method: 'GET', url: '/api/Alerts' })).json() as TAlertItem[];
    expect(theirs.find((a) => a._id === alertId)!.isNew).toBe(true);
  });

  it('DELETE /api/Alerts/:id removes it from the caller’s list only', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Alerts/${alertId}` })).statusCode).toBe(401);
    expect((await adminA.request({ method: 'DELETE', url: '/api/Alerts/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'DELETE', url: `/api/Alerts/${alertId}` })).statusCode).toBe(404);
    expect((await adminA.request({ method: 'DELETE', url: `/api/Alerts/${alertId}` })).statusCode).toBe(200);
    expect((await adminA.request({ method: 'DELETE', url: `/api/Alerts/${alertId}` })).statusCode).toBe(404);
    expect((await adminA.request({ method: 'GET', url: `/api/Alerts/Item/${alertId}` })).statusCode).toBe(404);
    const theirs = (await adminB.request({ method: 'GET', url: '/api/Alerts' })).json() as TAlertItem[];
    expect(theirs.map((a) => a._id)).toContain(alertId);
    const rows = await t.db.select().from(alertRecipients).where(inArray(alertRecipients.alertId, [alertId]));
    expect(rows).toHaveLength(2);
  });
});
