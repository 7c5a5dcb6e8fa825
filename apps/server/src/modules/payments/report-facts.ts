import { and, count, eq, gte, lte, min, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { payments } from './payments.table';

/**
 * Set-based reads of payments for the reports module (docs/adr/0004): what was collected, when,
 * from whom and how, summed in integer cents by the database. Read-only.
 */
const qb = new QueryBuilder({ casing: 'snake_case' });
const scoped = (companyId: string | null): SQL | undefined => (companyId ? eq(payments.companyId, companyId) : undefined);
const inRange = (begin: string, end: string) => and(gte(payments.paymentDate, begin), lte(payments.paymentDate, end));

/** Per company, payments received in [begin, end]: how many invoices they paid and the cents. */
export function paymentTotalsByCompany(range: { begin: string; end: string; companyId: string | null }) {
  return qb
    .select({
      companyId: payments.companyId,
      invoices: sql<number>`count(distinct ${payments.invoiceId})`.as('paid_invoice_count'),
      collectedCents: sql<string>`sum(${payments.amountCents})`.as('collected_cents'),
    })
    .from(payments)
    .where(and(inRange(range.begin, range.end), scoped(range.companyId)))
    .groupBy(payments.companyId)
    .as('payment_totals');
}

/** Cents collected in [begin, end] (every company, or one). */
export async function collectedBetween(db: DbOrTx, begin: string, end: string, companyId: string | null): Promise<number> {
  const [row] = await db.select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` }).from(payments).where(and(inRange(begin, end), scoped(companyId)));
  return Number(row?.cents ?? 0);
}

export async function firstPaymentYear(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ first: min(payments.paymentDate) }).from(payments);
  return row?.first ? Number(row.first.slice(0, 4)) : null;
}

/** Collected cents per bucket of the payment date (interactive charts). */
export async function paymentsCollectedByBucket(db: DbOrTx, range: { start: string; end: string; grouping: 'Hourly' | 'Daily' | 'Monthly' }) {
  // Hourly uses the time the payment was recorded; daily and monthly its payment date.
  const hourly = range.grouping === 'Hourly';
  const bucket = hourly
    ? sql<string>`to_char(date_trunc('hour', ${payments.createdAt}), 'YYYY-MM-DD HH24:00')`
    : sql<string>`to_char(${payments.paymentDate}::date, ${range.grouping === 'Monthly' ? 'YYYY-MM' : 'YYYY-MM-DD'})`;
  const rows = await db
    .select({ bucket, cents: sql<string>`sum(${payments.amountCents})` })
    .from(payments)
    .where(inRange(range.start, range.end))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ bucket: r.bucket, cents: Number(r.cents) }));
}

/** Payments received in [begin, end] by method (the general-ledger export's cash lines). */
export async function paymentsByMethod(db: DbOrTx, begin: string, end: string) {
  const rows = await db
    .select({ paymentDate: payments.paymentDate, method: payments.method, cents: sql<string>`sum(${payments.amountCents})`, payments: count() })
    .from(payments)
    .where(inRange(begin, end))
    .groupBy(payments.paymentDate, payments.method)
    .orderBy(payments.paymentDate, payments.method);
  return rows.map((r) => ({ paymentDate: r.paymentDate, method: r.method, cents: Number(r.cents), payments: Number(r.payments) }));
}
