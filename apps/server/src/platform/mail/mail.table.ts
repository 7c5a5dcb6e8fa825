import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../tenancy/airport-column';

/**
 * Every e-mail is written here first, in the transaction of the change that causes it; a job
 * delivers it (SMTP when SMTP_URL is set). Nothing is lost when the mail server is down.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    to: text().array().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** `[{ filename, contentType, contentBase64 }]` (invoices, .ics invites). */
    attachments: jsonb().notNull().default([]),
    /** What caused it, for the Notifications Sent view: e.g. `contact`, `invite`. */
    kind: text().notNull(),
    /** The record the mail is about (`payment:<id>`), so work done after commit can find it. */
    ref: text(),
    status: text().notNull().default('queued'), // queued | sending | sent | failed
    attempts: integer().notNull().default(0),
    /** When delivery may next be tried: retry backoff, or the lease of a row being sent. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.airportId, t.status, t.createdAt),
    index('mail_outbox_due_idx').on(t.airportId, t.status, t.nextAttemptAt),
    index('mail_outbox_ref_idx').on(t.ref),
  ],
);
