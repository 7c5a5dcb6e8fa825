import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { invoices } from '../invoices/invoices.table';
import { airportColumn } from '../../platform/tenancy/airport-column';
import { nextNumberDefault } from '../../platform/tenancy/numbering';

/**
 * Payments; each is its own receipt. Card payments carry the provider's reference and the
 * caller's idempotency key (unique: a repeated request finds the first payment). Check account
 * numbers are stored masked (`****6789`, PRODUCT-RULES 5).
 */
export const payments = pgTable(
  'payments',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    /** Numbered per airport by its 'receipt' counter (platform/tenancy/numbering.ts). */
    receiptNumber: bigint({ mode: 'number' }).notNull().default(nextNumberDefault('receipt')),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    invoiceId: uuid().notNull().references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
    method: text().notNull(),
    provider: text(),
    providerRef: text(),
    idempotencyKey: text(),
    accountName: text(),
    accountNumberMasked: text(),
    routingNum: text(),
    details: text(),
    paymentDate: date({ mode: 'string' }).notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_method_check', sql`${t.method} in ('card', 'cash', 'check', 'balance')`),
    check('payments_masked_check', sql`${t.accountNumberMasked} is null or ${t.accountNumberMasked} ~ '^\\*{4}[0-9]{0,4}$'`),
    check('payments_card_check', sql`${t.method} <> 'card' or (${t.idempotencyKey} is not null and ${t.providerRef} is not null)`),
    uniqueIndex('payments_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('payments_receipt_number_unique').on(t.airportId, t.receiptNumber),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payments_company_idx').on(t.companyId, t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
