import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { invoices } from '../invoices/invoices.table';
import { payments } from './payments.table';

/**
 * A card payment in three steps (issue 10 item 6): the attempt is written `pending` with the
 * server's amount and the line ids before the provider is called, outside any transaction, with
 * the same idempotency key; a second short transaction finalises it. The key ties the three, and
 * a job reconciles attempts a crash left `pending` (or `refund_due`) by asking the provider.
 *
 * Statuses: `pending` (the charge may be in flight), `paid` (payment written), `declined` (the
 * provider's message kept: the same key answers it again), `failed` (a provider error: the same
 * key may try again), `void` (the provider has no charge for the key), `refund_due` (approved,
 * but a line was paid meanwhile: being refunded), `refunded`, `review` (the refund failed: staff).
 */
export const CARD_ATTEMPT_STATUSES = ['pending', 'paid', 'declined', 'failed', 'void', 'refund_due', 'refunded', 'review'] as const;
export type CardAttemptStatus = (typeof CARD_ATTEMPT_STATUSES)[number];

export const cardAttempts = pgTable(
  'card_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull(),
    invoiceId: uuid().notNull().references(() => invoices.id, { onDelete: 'restrict' }),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    lineIds: uuid().array().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    provider: text().notNull(),
    status: text().$type<CardAttemptStatus>().notNull().default('pending'),
    providerRef: text(),
    message: text(),
    paymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('card_attempts_amount_check', sql`${t.amountCents} > 0`),
    check('card_attempts_status_check', sql`${t.status} in ('pending', 'paid', 'declined', 'failed', 'void', 'refund_due', 'refunded', 'review')`),
    check('card_attempts_paid_check', sql`(${t.status} = 'paid') = (${t.paymentId} is not null)`),
    uniqueIndex('card_attempts_key_unique').on(t.idempotencyKey),
    // The reconciliation job: stale attempts still in flight.
    index('card_attempts_open_idx').on(t.updatedAt).where(sql`${t.status} in ('pending', 'refund_due')`),
  ],
);

export type CardAttemptRow = typeof cardAttempts.$inferSelect;
