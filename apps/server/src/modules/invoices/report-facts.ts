import { and, count, eq, gte, lte, min, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { invoices } from './invoices.table';

/**
 * Set-based reads of invoices for the reports module (docs/adr/0004): subqueries another module
 * joins into its own statement, so a report is one aggregate in integer cents over the invoices
 * table — never rows summed in JavaScript. Read-only; the table object stays this module's.
 */
const qb = new QueryBuilder({ casing: 'snake_case' });

const unpaidCents = sql<number>`(${invoices.totalCents} - ${invoices.paidCents})`;
const scoped = (companyId: string | null): SQL | undefined => (companyId ? eq(invoices.companyId, companyId) : undefined);

/** Whether an open invoice is overdue at the airport date `today`: past its due date, or marked so. */
const isOverdue = (today: string) => sql`(${invoices.status} = 'Overdue' or (${invoices.dueDate} is not null and ${invoices.dueDate} < ${today}))`;

/**
 * Per company, the invoices dated in [begin, end] (not cancelled): how many, billed, paid, due,
 * and the part of the due that is overdue at `today`. Cents as bigint sums.
 */
export function invoiceTotalsByCompany(range: { begin: string; end: string; today: string; companyId: string | null }) {
  return qb
    .select({
      companyId: invoices.companyId,
      invoices: count().as('invoice_count'),
      billedCents: sql<string>`sum(${invoices.totalCents})`.as('billed_cents'),
      paidCents: sql<string>`sum(${invoices.paidCents})`.as('paid_cents'),
      dueCents: sql<string>`sum(${unpaidCents})`.as('due_cents'),
      overdueCents: sql<string>`sum(case when ${unpaidCents} > 0 and ${isOverdue(range.today)} then ${unpaidCents} else 0 end)`.as('overdue_cents'),
    })
    .from(invoices)
    .where(and(gte(invoices.invoiceDate, range.begin), lte(invoices.invoiceDate, range.end), ne(invoices.status, 'Cancelled'), scoped(range.companyId)))
    .groupBy(invoices.companyId)
    .as('invoice_totals');
}

/**
 * A/R aging per company at `today`: every open invoice's unpaid amount by days past its due date
 * (no due date, or not yet due: current).
 */
export function invoiceAgingByCompany(today: string, companyId: string | null) {
  const late = sql<number>`(${today}::date - ${invoices.dueDate})`;
  const bucket = (when: SQL) => sql<string>`sum(case when ${when} then ${unpaidCents} else 0 end)`;
  return qb
    .select({
      companyId: invoices.companyId,
      currentCents: bucket(sql`${invoices.dueDate} is null or ${late} <= 0`).as('current_cents'),
      days1to30Cents: bucket(sql`${late} between 1 and 30`).as('d1_30_cents'),
      days31to60Cents: bucket(sql`${late} between 31 and 60`).as('d31_60_cents'),
      days61to90Cents: bucket(sql`${late} between 61 and 90`).as('d61_90_cents'),
      over90Cents: bucket(sql`${late} > 90`).as('over90_cents'),
      totalCents: sql<string>`sum(${unpaidCents})`.as('aging_total_cents'),
    })
    .from(invoices)
    .where(and(ne(invoices.status, 'Cancelled'), sql`${invoices.totalCents} > ${invoices.paidCents}`, scoped(companyId)))
    .groupBy(invoices.companyId)
    .as('invoice_aging');
}

/** Outstanding and overdue receivables (cents) of every company, or of one. */
export async function receivablesTotals(db: DbOrTx, today: string, companyId: string | null): Promise<{ outstandingCents: number; overdueCents: number; openInvoices: number }> {
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${unpaidCents}), 0)`,
      overdue: sql<string>`coalesce(sum(case when ${isOverdue(today)} then ${unpaidCents} else 0 end), 0)`,
      open: count(),
    })
    .from(invoices)
    .where(and(ne(invoices.status, 'Cancelled'), sql`${invoices.totalCents} > ${invoices.paidCents}`, scoped(companyId)));
  return { outstandingCents: Number(row?.outstanding ?? 0), overdueCents: Number(row?.overdue ?? 0), openInvoices: Number(row?.open ?? 0) };
}

/** The open invoice of a company that falls due first (the tenant dashboard's "next due"). */
export async function nextDueInvoice(db: DbOrTx, companyId: string): Promise<{ id: string; invoiceNumber: number; dueDate: string | null; dueCents: number } | null> {
  const [row] = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, dueDate: invoices.dueDate, dueCents: unpaidCents })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), ne(invoices.status, 'Cancelled'), sql`${invoices.totalCents} > ${invoices.paidCents}`))
    .orderBy(sql`${invoices.dueDate} asc nulls last`, invoices.invoiceNumber)
    .limit(1);
  return row ? { ...row, dueCents: Number(row.dueCents) } : null;
}

/** The first calendar year with an invoice, or null (report year options, PRODUCT-RULES 24). */
export async function firstInvoiceYear(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ first: min(invoices.invoiceDate) }).from(invoices);
  return row?.first ? Number(row.first.slice(0, 4)) : null;
}

/** Billed cents (invoices dated in [start, end], not cancelled) per bucket of the invoice date. */
export async function invoicesBilledByBucket(db: DbOrTx, range: { start: string; end: string; grouping: 'Hourly' | 'Daily' | 'Monthly' }) {
  // Invoices carry a calendar date only: hourly buckets of a date are its midnight.
  const unit = range.grouping === 'Monthly' ? 'month' : range.grouping === 'Hourly' ? 'hour' : 'day';
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${invoices.invoiceDate}::timestamp), ${range.grouping === 'Monthly' ? 'YYYY-MM' : range.grouping === 'Hourly' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD'})`;
  const rows = await db
    .select({ bucket, cents: sql<string>`sum(${invoices.totalCents})` })
    .from(invoices)
    .where(and(gte(invoices.invoiceDate, range.start), lte(invoices.invoiceDate, range.end), ne(invoices.status, 'Cancelled')))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ bucket: r.bucket, cents: Number(r.cents) }));
}
