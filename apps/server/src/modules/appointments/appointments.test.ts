import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { TOTAL_COUNT_HEADER, type TInviteRow } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { createMailDelivery } from '../../platform/mail/index';
import { mailOutbox } from '../../platform/mail/mail.table';
import { auditLog } from '../../platform/audit/audit.table';

let t: TestApp;
let smtp: SmtpListener;
let staff: Caller;

const invite = {
  emails: 'pilot@example.test, Owner@Example.test',
  calendar: { summary: 'Hangar C4 viewing', description: 'Bring your aircraft papers.', location: 'Hangar C4, north apron', start: '2026-12-01T10:00', end: '2026-12-01T11:30' },
};

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: smtp.url, INVITE_ORGANIZER: 'Airport Office <office@airport.test>', INVITE_URL: 'https://portal.airport.test/appointment' });
  staff = await signIn(t, { modules: ['Waitlist'], email: 'clerk@airport.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /api/Waitlist/Invite', () => {
  it('401 without a session, 400 naming each field, 403 without the Waitlist module or for a company user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Waitlist/Invite', payload: invite })).statusCode).toBe(401);
    const bad = await staff.request({
      method: 'POST',
      url: '/api/Waitlist/Invite',
      payload: { emails: 'ok@example.test nope@', calendar: { ...invite.calendar, description: '', location: ' ', end: '2026-12-01T09:00' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      emails: "'nope@' is not a valid email",
      'calendar.description': 'Description is required',
      'calendar.location': 'Location is required',
      'calendar.end': 'End must be after start',
    });
    const noModule = await signIn(t, { modules: ['Property', 'Lease'] });
    expect((await noModule.request({ method: 'POST', url: '/api/Waitlist/Invite', payload: invite })).statusCode).toBe(403);
    const tenant = await signIn(t, { isInternal: false, companyId: crypto.randomUUID() });
    expect((await tenant.request({ method: 'POST', url: '/api/Waitlist/Invite', payload: invite })).statusCode).toBe(403);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'calendar-invite'))).toHaveLength(0);
  });

  it("201 'Invite Sent': each recipient receives over SMTP an e-mail whose .ics parses (organizer and URL from configuration)", async () => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/Waitlist/Invite',
      // A client's organizer and URL are ignored (PRODUCT-RULES 18).
      payload: { ...invite, calendar: { ...invite.calendar, organizer: 'evil@example.test', url: 'https://evil.test' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Invite Sent');
    const sent = res.json().invite as TInviteRow;
    // 10:00 at the airport (America/Los_Angeles, winter) is 18:00 UTC.
    expect(sent).toMatchObject({ title: 'Hangar C4 viewing', start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:30:00.000Z', emails: ['pilot@example.test', 'owner@example.test'], createdBy: 'clerk@airport.test' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sent._id));
    expect(audit).toHaveLength(1);

    const mailer = createMailDelivery({ db: t.db, config: t.config, log: t.app.log });
    try {
      expect((await mailer.deliver()).sent).toBe(2);
    } finally {
      mailer.close();
    }
    expect(smtp.messages.map((m) => m.to && !Array.isArray(m.to) ? m.to.text : '').sort()).toEqual(['owner@example.test', 'pilot@example.test']);
    for (const mail of smtp.messages) {
      expect(mail.subject).toBe('Invitation: Hangar C4 viewing');
      expect(mail.text).toContain('When: 12/01/2026 10:00 to 12/01/2026 11:30 (America/Los_Angeles)');
      const ics = mail.attachments.find((a) => a.filename === 'invite.ics');
      expect(ics?.contentType).toBe('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.summary).toBe('Hangar C4 viewing');
      expect(event.location).toBe('Hangar C4, north apron');
      expect(event.description).toBe('Bring your aircraft papers.');
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T18:00:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T19:30:00.000Z');
      expect(event.organizer.toLowerCase()).toBe('mailto:office@airport.test');
      expect(event.component.getFirstPropertyValue('url')).toBe('https://portal.airport.test/appointment');
      expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase()).sort()).toEqual(['mailto:owner@example.test', 'mailto:pilot@example.test']);
    }
    // One event, the same UID in both calendars.
    const uids = smtp.messages.map((m) => new ICAL.Event(new ICAL.Component(ICAL.parse(m.attachments[0]!.content.toString('utf8'))).getFirstSubcomponent('vevent')!).uid);
    expect(new Set(uids).size).toBe(1);
  });
});

describe('one-line fields of an invite refuse line breaks (they become calendar and e-mail header lines)', () => {
  it('400 naming Title, Location and the subject; nothing is queued', async () => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/Waitlist/Invite',
      payload: {
        ...invite,
        title: 'Viewing\r\nBcc: everyone@example.test',
        calendar: { ...invite.calendar, summary: 'Viewing\r\nBEGIN:VEVENT', location: 'Hangar\nC4' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: 'Subject must be on one line',
      'calendar.summary': 'Title must be on one line',
      'calendar.location': 'Location must be on one line',
    });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'calendar-invite'))).toHaveLength(2);
  });
});

describe('GET /api/Waitlist/Invite (the Appointments list)', () => {
  it('401, 403, 400 on a bad sort, then the sent invites paged, newest first', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Waitlist/Invite' })).statusCode).toBe(401);
    const noModule = await signIn(t, { modules: ['Property'] });
    expect((await noModule.request({ method: 'GET', url: '/api/Waitlist/Invite' })).statusCode).toBe(403);
    expect((await staff.request({ method: 'GET', url: '/api/Waitlist/Invite?sort=emails:asc' })).json().errors).toEqual({ sort: 'Cannot sort by emails' });
    await staff.request({ method: 'POST', url: '/api/Waitlist/Invite', payload: { ...invite, calendar: { ...invite.calendar, summary: 'Second viewing' } } });
    const page = await staff.request({ method: 'GET', url: '/api/Waitlist/Invite?page=1&pageSize=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect((page.json() as TInviteRow[]).map((r) => r.title)).toEqual(['Second viewing']);
    const second = (await staff.request({ method: 'GET', url: '/api/Waitlist/Invite?page=2&pageSize=1' })).json() as TInviteRow[];
    expect(second.map((r) => r.title)).toEqual(['Hangar C4 viewing']);
  });
});
