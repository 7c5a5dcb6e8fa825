import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { eventually, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { mailOutbox } from './mail.table';
import { queueMail } from './outbox';
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
});
