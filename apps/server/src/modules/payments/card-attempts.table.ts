import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { invoices } from '../invoices/invoices.table';
import { payments } from './payments.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Every card payment in three steps, whatever it pays for (issue 10 item 6, one engine since
 * issue 21): the attempt is written `pending` with the server's amount and what is paid for
 * before the provider is called, outside any transaction, with the same idempotency key; a second
 * short transaction finalises it. The key ties the three, and a job reconciles attempts a crash
 * left `pending` (or `refund_due`) by asking the provider.
 *
 * `purpose` names the plug-in that owns what is paid for (payments' `CARD_PAYABLES`): 'invoice'
 * (lines of an invoice: `invoice_id`, `company_id`, `line_ids`), 'tiedown' (a parking request not
 * written yet: the form and quote in `subject`), 'waitlist' (a wait-list join: the form in
 * `subject`). `result_id` is what the payment bought once paid: the payment (invoice), the parking
 * request (tiedown), the applicant (waitlist); `payment_id` the payment row when there is one.
 *
 * Statuses: `pending` (the charge may be in flight), `paid`, `declined` (the provider's message
 * kept: the same key answers it again), `failed` (a provider error: the same key may try again),
 * `void` (the provider has no charge for the key), `refund_due` (approved, but what it paid for
 * was taken meanwhile: being refunded), `refunded`, `review` (the refund failed: staff).
 */
export const CARD_ATTEMPT_STATUSES = ['pending', 'paid', 'declined', 'failed', 'void', 'refund_due', 'refunded', 'review'] as const;
export type CardAttemptStatus = (typeof CARD_ATTEMPT_STATUSES)[number];
export const CARD_PURPOSES = ['invoice', 'tiedown', 'waitlist'] as const;
export type CardPurpose = (typeof CARD_PURPOSES)[number];

export const cardAttempts = pgTable(
  'card_attempts',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    purpose: text().$type<CardPurpose>().notNull().default('invoice'),
    idempotencyKey: text().notNull(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    companyId: uuid().references(() => companies.id, { onDelete: 'restrict' }),
    lineIds: uuid().array(),
    subject: jsonb(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    provider: text().notNull(),
    status: text().$type<CardAttemptStatus>().notNull().default('pending'),
    providerRef: text(),
    message: text(),
    resultId: uuid(),
    paymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('card_attempts_amount_check', sql`${t.amountCents} > 0`),
    check('card_attempts_status_check', sql`${t.status} in ('pending', 'paid', 'declined', 'failed', 'void', 'refund_due', 'refunded', 'review')`),
    check('card_attempts_purpose_check', sql`${t.purpose} in ('invoice', 'tiedown', 'waitlist')`),
    // An invoice's attempt names its invoice, company and lines; the others keep what they pay for.
    check('card_attempts_invoice_check', sql`${t.purpose} <> 'invoice' or (${t.invoiceId} is not null and ${t.companyId} is not null and ${t.lineIds} is not null)`),
    check('card_attempts_subject_check', sql`${t.purpose} = 'invoice' or ${t.subject} is not null`),
    // Paid: what it bought is known (and for an invoice, its payment).
    check('card_attempts_paid_check', sql`(${t.status} = 'paid') = (${t.resultId} is not null) and (${t.purpose} <> 'invoice' or (${t.status} = 'paid') = (${t.paymentId} is not null))`),
    uniqueIndex('card_attempts_purpose_key_unique').on(t.purpose, t.idempotencyKey),
    // The reconciliation job: stale attempts still in flight.
    index('card_attempts_open_idx').on(t.updatedAt).where(sql`${t.status} in ('pending', 'refund_due')`),
  ],
);

export type CardAttemptRow = typeof cardAttempts.$inferSelect;
