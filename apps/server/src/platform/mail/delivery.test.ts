import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { eventually, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { mailOutbox } from './mail.table';
import { attachToQueuedMail, queueMail } from './outbox';
import { asAdmin, signIn } from '../../../test/helpers';
import { MAIL_DELIVERY_JOB, MAX_MAIL_ATTEMPTS, createMailDelivery } from './delivery';

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Apron <no-reply@apron.test>' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
beforeEach(async () => {
  sink.messages.length = 0;
  sink.rejectWith = null;
  await t.db.delete(mailOutbox);
});

const delivery = () => createMailDelivery({ db: t.db, config: t.config, log: t.app.log });
const rowOf = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail delivery from the outbox', () => {
  it('sends a queued e-mail over SMTP and marks it sent', async () => {
    const id = await queueMail(t.db, { to: ['a@example.test', 'b@example.test'], subject: 'Hello', text: 'Body text', kind: 'test' });
    const result = await delivery().deliver();
    expect(result).toMatchObject({ sent: 1, retrying: 0, failed: 0, notConfigured: false });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.to).toEqual(['a@example.test', 'b@example.test']);
    expect(sink.messages[0]!.from).toBe('no-reply@apron.test');
    expect(sink.messages[0]!.data).toContain('Subject: Hello');
    expect(sink.messages[0]!.data).toContain('Body text');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends a row once when two deliveries (two instances) run at the same time', async () => {
    const id = await queueMail(t.db, { to: ['once@example.test'], subject: 'Once', text: 'Only once', kind: 'test' });
    const [first, second] = await Promise.all([delivery().deliver(), delivery().deliver()]);
    expect(first.sent + second.sent).toBe(1);
    expect(sink.messages.filter((m) => m.to.includes('once@example.test'))).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Nothing is left to send: a third run sends nothing.
    expect((await delivery().deliver()).sent).toBe(0);
  });

  it('retries with backoff, then gives up as failed after the last attempt', async () => {
    sink.rejectWith = 'mailbox unavailable';
    const id = await queueMail(t.db, { to: ['nobody@example.test'], subject: 'Bounce', text: 'x', kind: 'test' });
    const mailer = delivery();
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      const result = await mailer.deliver();
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain('mailbox unavailable');
      if (attempt < MAX_MAIL_ATTEMPTS) {
        expect(result.retrying).toBe(1);
        expect(row.status).toBe('queued');
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
        // Not due yet: a run now leaves it alone.
        expect((await mailer.deliver()).retrying).toBe(0);
        await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
      } else {
        expect(result.failed).toBe(1);
        expect(row.status).toBe('failed');
      }
    }
    expect(sink.messages).toHaveLength(0);
    expect((await mailer.deliver()).failed).toBe(0);
  });

  it('leaves e-mails queued when SMTP is not configured', async () => {
    const id = await queueMail(t.db, { to: ['later@example.test'], subject: 'Later', text: 'x', kind: 'test' });
    const unconfigured = createMailDelivery({ db: t.db, config: { smtpUrl: undefined, mailFrom: t.config.mailFrom }, log: t.app.log });
    expect(await unconfigured.deliver()).toMatchObject({ notConfigured: true, sent: 0 });
    expect(await unconfigured.deliver()).toMatchObject({ notConfigured: true, sent: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('is delivered by the job system once jobs are started', async () => {
    expect(t.app.jobs.started).toBe(false);
    const id = await queueMail(t.db, { to: ['job@example.test'], subject: 'By job', text: 'x', kind: 'test' });
    await t.app.jobs.start();
    try {
      await t.app.jobs.send(MAIL_DELIVERY_JOB);
      await eventually(async () => (await rowOf(id)).status === 'sent');
      expect(sink.messages.filter((m) => m.to.includes('job@example.test'))).toHaveLength(1);
    } finally {
      await t.app.jobs.stop();
    }
    expect(t.app.jobs.started).toBe(false);
  });

  it('keeps retrying for about a day before giving up', async () => {
    sink.rejectWith = 'mail server down';
    const id = await queueMail(t.db, { to: ['patient@example.test'], subject: 'Later', text: 'x', kind: 'test' });
    const mailer = delivery();
    let waitedMinutes = 0;
    for (;;) {
      await mailer.deliver();
      const row = await rowOf(id);
      if (row.status === 'failed') break;
      waitedMinutes += Math.round((row.nextAttemptAt.getTime() - Date.now()) / 60_000);
      await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
    }
    expect(waitedMinutes).toBeGreaterThanOrEqual(20 * 60);
  });

  it('attaching a file to an e-mail already retrying keeps its backoff (its attempts are not spent at once)', async () => {
    sink.rejectWith = 'mail server down';
    const ref = 'payment:retrying';
    const id = await queueMail(t.db, { to: ['held@example.test'], subject: 'Receipt', text: 'x', kind: 'test', ref, holdSeconds: 120 });
    // The hold ended before the PDF came (a busy job queue); the first try fails.
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
    await delivery().deliver();
    const before = await rowOf(id);
    expect(before).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await attachToQueuedMail(t.db, { ref }, [{ filename: 'r.pdf', contentType: 'application/pdf', contentBase64: 'JVBERg==' }])).toBe(true);
    const after = await rowOf(id);
    expect(after.nextAttemptAt.getTime()).toBe(before.nextAttemptAt.getTime());
    expect((await delivery().deliver()).retrying).toBe(0);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  it('attaching a file releases an e-mail that was held for it and never tried', async () => {
    const ref = 'invoice:held';
    const id = await queueMail(t.db, { to: ['held2@example.test'], subject: 'Receipt', text: 'x', kind: 'test', ref, holdSeconds: 120 });
    expect((await delivery().deliver()).sent).toBe(0);
    // By its id this time (the invoice e-mail's PDF job names the e-mail itself).
    await attachToQueuedMail(t.db, { id }, [{ filename: 'r.pdf', contentType: 'application/pdf', contentBase64: 'JVBERg==' }]);
    expect((await delivery().deliver()).sent).toBe(1);
    expect(sink.messages[0]!.data).toContain('r.pdf');
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
  });

  it('SMTP down, then up: every e-mail is delivered, once', async () => {
    sink.rejectWith = 'mail server down';
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queueMail(t.db, { to: [`many-${i}@example.test`], subject: `Mail ${i}`, text: 'x', kind: 'test', ref: `payment:many-${i}` })),
    );
    const mailer = delivery();
    // Down for several attempts; files arrive for half of them meanwhile.
    for (let round = 0; round < 3; round++) {
      await mailer.deliver();
      for (const i of [0, 2, 4, 6, 8, 10]) await attachToQueuedMail(t.db, { ref: `payment:many-${i}` }, [{ filename: `r${i}.pdf`, contentType: 'application/pdf', contentBase64: 'JVBERg==' }]);
      await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.status, 'queued'));
    }
    expect(sink.messages).toHaveLength(0);
    sink.rejectWith = null;
    await mailer.deliver();
    await mailer.deliver();
    for (const id of ids) expect((await rowOf(id)).status).toBe('sent');
    const recipients = sink.messages.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(Array.from({ length: 12 }, (_, i) => `many-${i}@example.test`).sort());
    expect(sink.messages.find((m) => m.to[0] === 'many-4@example.test')!.data).toContain('r4.pdf');
  });

  it('the mail server unreachable (connection refused), then back on the same address: delivered once', async () => {
    const server = await startSmtpSink();
    const port = Number(new URL(server.url).port);
    const mailer = createMailDelivery({ db: t.db, config: { smtpUrl: server.url, mailFrom: t.config.mailFrom }, log: t.app.log });
    await server.close();
    const id = await queueMail(t.db, { to: ['outage@example.test'], subject: 'During the outage', text: 'x', kind: 'test' });
    expect((await mailer.deliver()).retrying).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await rowOf(id)).lastError).toMatch(/ECONNREFUSED|connect/i);
    const back = await startSmtpSink(port);
    try {
      await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
      expect((await mailer.deliver()).sent).toBe(1);
      expect(await mailer.deliver()).toMatchObject({ sent: 0, retrying: 0 });
      expect(back.messages.map((m) => m.to)).toEqual([['outage@example.test']]);
    } finally {
      mailer.close();
      await back.close();
    }
  });
});


describe('GET /api/Mail and POST /api/Mail/{id}/Resend (Settings admins)', () => {
  it('401, 403, then lists failed e-mails without their body; resend queues it again and it is delivered', async () => {
    sink.rejectWith = 'mailbox unavailable';
    const id = await queueMail(t.db, { to: ['bounce@example.test'], subject: 'Invite', text: 'secret link', kind: 'invite' });
    await t.db.update(mailOutbox).set({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, lastError: 'mailbox unavailable' }).where(eq(mailOutbox.id, id));

    expect((await t.app.inject({ method: 'GET', url: '/api/Mail?status=failed' })).statusCode).toBe(401);
    const staff = await signIn(t, { modules: ['Settings'] });
    expect((await staff.request({ method: 'GET', url: '/api/Mail?status=failed' })).statusCode).toBe(403);
    expect((await staff.request({ method: 'POST', url: `/api/Mail/${id}/Resend` })).statusCode).toBe(403);
    const admin = await asAdmin(t);
    expect((await admin.request({ method: 'GET', url: '/api/Mail?status=nope' })).statusCode).toBe(400);

    const list = await admin.request({ method: 'GET', url: '/api/Mail?status=failed' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: id, to: ['bounce@example.test'], subject: 'Invite', kind: 'invite', status: 'failed', lastError: 'mailbox unavailable' }),
    ]);
    expect(list.body).not.toContain('secret link');

    sink.rejectWith = null;
    const resent = await admin.request({ method: 'POST', url: `/api/Mail/${id}/Resend` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ _id: id, status: 'queued', attempts: 0 });
    expect((await delivery().deliver()).sent).toBe(1);
    expect(sink.messages.map((m) => m.to)).toEqual([['bounce@example.test']]);

    const again = await admin.request({ method: 'POST', url: `/api/Mail/${id}/Resend` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an e-mail that failed can be resent.');
    expect((await admin.request({ method: 'POST', url: '/api/Mail/00000000-0000-4000-8000-000000000000/Resend' })).statusCode).toBe(404);
  });
});