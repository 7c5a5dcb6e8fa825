import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { agreements } from '../agreements/agreements.table';
import { airportColumn } from '../../platform/tenancy/airport-column';
import { nextNumberDefault } from '../../platform/tenancy/numbering';

/**
 * Invoices. `total_cents` and `paid_cents` are maintained totals: every change to the lines
 * recomputes them from the lines in the same transaction (`refreshInvoiceTotals`), so the grid
 * pages and sorts by amount over 200k invoices without aggregating 1M lines per request.
 */
export const invoices = pgTable(
  'invoices',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Numbered per airport by its 'invoice' counter (platform/tenancy/numbering.ts), never max()+1:
     * a one-row insert takes the next number by default; bulk inserts reserve a block and name it.
     */
    invoiceNumber: bigint({ mode: 'number' }).notNull().default(nextNumberDefault('invoice')),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    invoiceDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }),
    /** The date the invoice became Paid. */
    paymentDate: date({ mode: 'string' }),
    status: text().notNull().default('Created'),
    comments: text().notNull().default(''),
    agreementId: uuid().references(() => agreements.id, { onDelete: 'restrict' }),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    totalCents: bigint({ mode: 'number' }).notNull().default(0),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: uuid(),
    /** The invoice's id in the airport's old system (import kind `invoices`): a re-import updates it. */
    externalId: text(),
    /** The old system's invoice number, kept beside the airport's own `invoice_number`. */
    originalNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('Created', 'Overdue', 'Paid', 'Cancelled')`),
    check('invoices_totals_check', sql`${t.paidCents} >= 0 and ${t.paidCents} <= ${t.totalCents}`),
    check('invoices_period_check', sql`(${t.periodStart} is null) = (${t.periodEnd} is null) and (${t.periodEnd} is null or ${t.periodEnd} >= ${t.periodStart})`),
    check('invoices_paid_status_check', sql`${t.status} <> 'Paid' or (${t.paidCents} = ${t.totalCents} and ${t.totalCents} > 0)`),
    uniqueIndex('invoices_number_unique').on(t.airportId, t.invoiceNumber),
    uniqueIndex('invoices_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
    // Cycle generation: exactly one invoice per agreement and period, whoever runs it.
    uniqueIndex('invoices_agreement_period_unique').on(t.agreementId, t.periodStart),
    // Grid: filter by status / company, default sort by number; date filters and sorts. The grid's
    // indexes lead with the airport: the planner cannot tell how selective the policy's airport is.
    index('invoices_status_number_idx').on(t.airportId, t.status, t.invoiceNumber),
    index('invoices_company_number_idx').on(t.companyId, t.invoiceNumber),
    index('invoices_due_idx').on(t.airportId, t.dueDate, t.invoiceNumber),
    index('invoices_date_idx').on(t.airportId, t.invoiceDate, t.invoiceNumber),
    index('invoices_payment_date_idx').on(t.airportId, t.paymentDate),
  ],
);

/**
 * Line items. A line is paid when `paid_by` is set (its receipt id, or 'PAID BY BALANCE'),
 * and then also carries the payment row; the database keeps the two together.
 */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid().notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    chargesCents: bigint({ mode: 'number' }).notNull(),
    amount: integer().notNull(),
    kind: text().notNull().default('manual'),
    /** payments.id (foreign key in the custom migration: the payments table is another module's). */
    paymentId: uuid(),
    paidBy: text(),
    /** The line's key within its imported invoice (the file's `line` column), or null. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_line_items_charges_check', sql`${t.chargesCents} > 0 and ${t.chargesCents} <= 1000000000`),
    check('invoice_line_items_amount_check', sql`${t.amount} >= 1`),
    check('invoice_line_items_kind_check', sql`${t.kind} in ('manual', 'rent', 'late_fee')`),
    check('invoice_line_items_paid_check', sql`(${t.paymentId} is null) = (${t.paidBy} is null)`),
    index('invoice_line_items_invoice_idx').on(t.invoiceId, t.createdAt),
    index('invoice_line_items_payment_idx').on(t.paymentId),
    uniqueIndex('invoice_line_items_external_id_unique').on(t.invoiceId, t.externalId).where(sql`${t.externalId} is not null`),
    // One late fee per invoice (the overdue job may run again after a crash or on N instances).
    uniqueIndex('invoice_line_items_one_late_fee').on(t.invoiceId).where(sql`${t.kind} = 'late_fee'`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type LineItemRow = typeof invoiceLineItems.$inferSelect;
