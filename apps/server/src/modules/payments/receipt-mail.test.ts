import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp, ownerQuery } from '../../../test/helpers';
import { eventually, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { mailOutbox } from '../../platform/mail/mail.table';
import { createMailDelivery } from '../../platform/mail/index';
import { buildCompany, buildInvoice, superAdmin } from '../invoices/billing.test-support';
import { RECEIPT_PDF_JOB, flushReceiptPdfRequests } from './receipts';

/** Receipt e-mails: one PDF job per payment however often it is answered, and nothing lost while SMTP is down. */
let t: TestApp;
let sink: SmtpSink;
let admin: Caller;
let tenant: Caller;
let company: { _id: string };
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  admin = await superAdmin(t);
  company = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const APPROVE = 'test:4242 4242 4242 4242';
const pay = (invoice: TInvoice, key: string) =>
  tenant.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds: [invoice.lineItems[0]!._id], sourceToken: APPROVE }, headers: { 'idempotency-key': key } });
const receiptJobs = async () =>
  (await ownerQuery(t, `select data, state from pgboss.job where name = $1`, [RECEIPT_PDF_JOB])).rows.map((r) => ({ ...(r.data as { paymentIds: string[] }), state: String(r.state) }));

describe('receipt e-mails', () => {
  it('a card payment resent with the same key gets one receipt e-mail, sent once with one PDF', async () => {
    await t.app.jobs.start();
    try {
      const invoice = await buildInvoice(admin, company._id);
      const key = `resend-${Date.now()}`;
      const answers = [await pay(invoice, key), await pay(invoice, key), await pay(invoice, key)];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const paymentId = answers[0]!.json().receipt._id as string;
      // The PDF requests of the moment share a job; the job attaches the PDF once and releases the held e-mail.
      const [row] = await eventually(async () => {
        const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `payment:${paymentId}`));
        return (rows[0]?.attachments as unknown[] | undefined)?.length ? rows : null;
      });
      expect(row!.attachments).toHaveLength(1);
      await createMailDelivery({ db: t.db, config: t.config, log: t.app.log }).deliver();
      expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]!.status).toBe('sent');
      const received = () => sink.messages.filter((m) => m.data.includes(`<${row!.id}@apron.outbox>`));
      expect(received()).toHaveLength(1);
      expect(received()[0]!.data).toContain('application/pdf');
      // A resend after the e-mail went out renders nothing and sends nothing more.
      await pay(invoice, key);
      await flushReceiptPdfRequests({ plugins: t.plugins });
      await eventually(async () => ((await receiptJobs()).filter((job) => job.paymentIds.includes(paymentId)).every((job) => job.state === 'completed') ? true : null));
      await createMailDelivery({ db: t.db, config: t.config, log: t.app.log }).deliver();
      expect(received()).toHaveLength(1);
      expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `payment:${paymentId}`)))).toHaveLength(1);
    } finally {
      await t.app.jobs.stop();
    }
  });
});
