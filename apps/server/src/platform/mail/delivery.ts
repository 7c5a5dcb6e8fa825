import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { RETRY_ATTEMPTS, retryDelayMinutes } from '../jobs/retry-schedule';
import type { FileStorage } from '../files/storage';
import { findAirport, readLogo, type Letterhead } from '../tenancy/index';
import { withLetterhead } from './layout';
import { mailOutbox } from './mail.table';

export const MAIL_DELIVERY_JOB = 'mail-deliver';
/**
 * An e-mail is failed for good after the retry schedule's attempts (about a day, so an SMTP outage
 * of hours loses nothing); staff can resend failed ones (POST /api/Mail/{id}/Resend).
 */
export const MAX_MAIL_ATTEMPTS = RETRY_ATTEMPTS;
/** A row being sent is leased for this long; if its sender dies, another picks it up after. */
const SENDING_LEASE = sql`now() + interval '10 minutes'`;
const BATCH_SIZE = 20;
const MAX_PER_RUN = 500;

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  /** True when SMTP is not configured: nothing was tried, the rows stay queued. */
  notConfigured: boolean;
}

export interface MailDeliveryOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  log: FastifyBaseLogger;
  /** Where airports' logos are (the app's file storage); without it e-mails go out without a logo. */
  files?: FileStorage;
}

/** How an airport's e-mail goes out: its From: and its letterhead (name, logo). */
interface Sender {
  from: string;
  letterhead: Letterhead;
}

/**
 * Sends queued outbox rows. Each run claims a batch in a short transaction
 * (`FOR UPDATE SKIP LOCKED`, then marked `sending` with a lease), sends outside the transaction,
 * then records the outcome. N instances running it at once never claim the same row, and the
 * database is not held while an SMTP server answers (that matters on the single-connection PGlite).
 */
export function createMailDelivery(options: MailDeliveryOptions) {
  const { db, config, log, files } = options;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let toldNotConfigured = false;

  async function claim(): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: SENDING_LEASE })
        .where(inArray(mailOutbox.id, due.map((row) => row.id)))
        .returning();
    });
  }

  /**
   * The From: of an airport's e-mail: its own sender (airports.mail_from) when it has one, else
   * the deployment's MAIL_FROM; and its letterhead (the logo atop the HTML, docs/airports.md).
   * Read once per airport per run (a run is one airport's, but a row names its airport, so the row decides).
   */
  async function senderOf(airportId: string, senders: Map<string, Sender>): Promise<Sender> {
    const known = senders.get(airportId);
    if (known !== undefined) return known;
    const airport = await findAirport(db, airportId);
    const from = airport?.mailFrom?.trim() || config.mailFrom;
    const letterhead = { name: airport?.name ?? '', logo: files ? await readLogo(files, airport?.logoKey ?? null) : null };
    const sender = { from, letterhead };
    senders.set(airportId, sender);
    return sender;
  }

  async function sendOne(row: OutboxRow, { from, letterhead }: Sender): Promise<'sent' | 'retrying' | 'failed'> {
    try {
      const attachments = (row.attachments as Array<{ filename: string; contentType: string; contentBase64: string }>).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }));
      const laidOut = withLetterhead(row, letterhead);
      const html = laidOut?.html ?? row.html;
      await transport!.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(html ? { html } : {}),
        attachments: laidOut ? [laidOut.logo, ...attachments] : attachments,
        messageId: `<${row.id}@apron.outbox>`,
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id));
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'queued',
          lastError: message.slice(0, 1000),
          nextAttemptAt: gaveUp ? sql`now()` : sql`now() + make_interval(mins => ${retryDelayMinutes(row.attempts)})`,
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ mailId: row.id, attempts: row.attempts, err: error }, gaveUp ? 'e-mail delivery failed for good' : 'e-mail delivery failed; will retry');
      return gaveUp ? 'failed' : 'retrying';
    }
  }

  async function deliver(): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0, notConfigured: false };
    if (!transport) {
      result.notConfigured = true;
      if (!toldNotConfigured) {
        toldNotConfigured = true;
        log.warn('Mail is not configured (SMTP_URL is not set): e-mails stay queued in the outbox.');
      }
      return result;
    }
    const senders = new Map<string, Sender>();
    for (let handled = 0; handled < MAX_PER_RUN; ) {
      const batch = await claim();
      if (batch.length === 0) break;
      handled += batch.length;
      for (const row of batch) result[await sendOne(row, await senderOf(row.airportId, senders))] += 1;
    }
    return result;
  }

  return { deliver, close: () => transport?.close() };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
