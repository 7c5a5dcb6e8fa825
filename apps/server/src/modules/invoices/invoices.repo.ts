import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { calendarDate, calendarHour, readSetting, type TInvoiceGridQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import { encodeCursor, keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { companyDirectory } from '../companies/index';
import { loadSystemSettings } from '../settings/index';
import { invoiceLineItems, invoices, type InvoiceRow, type LineItemRow } from './invoices.table';
import type { InvoiceScope } from './invoices.policy';
import { containsPattern } from '../../platform/http/list-search';

export type InvoiceWithTenant = InvoiceRow & { tenantName: string; tenantEmail: string };

/** An invoice with its company's name and e-mail (joined from companies' `companyDirectory`, so the grid can sort by the name). */
const withTenant = { ...getTableColumns(invoices), tenantName: companyDirectory.name, tenantEmail: companyDirectory.email };

/** Today's calendar date in the airport time zone (System Settings TIME_ZONE). */
export async function airportToday(db: DbOrTx, now = new Date()): Promise<string> {
  const settings = await loadSystemSettings(db, ['TIME_ZONE']);
  return calendarDate(now, readSetting(settings, 'TIME_ZONE'));
}

/** The airport's date and hour of the day at `now` (System Settings TIME_ZONE): when its daily runs are due. */
export async function airportClock(db: DbOrTx, now = new Date()): Promise<{ today: string; hour: number }> {
  const timeZone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  return { today: calendarDate(now, timeZone), hour: calendarHour(now, timeZone) };
}

const SORTS: Record<string, SQL | AnyPgColumn> = {
  invoiceNumber: invoices.invoiceNumber,
  name: sql`lower(${invoices.name})`,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  paymentDate: invoices.paymentDate,
  status: invoices.status,
  amountDue: sql`(${invoices.totalCents} - ${invoices.paidCents})`,
  amountTotal: invoices.totalCents,
  amountPaid: invoices.paidCents,
  tenantName: sql`lower(${companyDirectory.name})`,
};

/** The sorts that can be blank (no due or payment date yet); every other one never is. */
const NULLABLE_SORTS = new Set(['dueDate', 'paymentDate']);

/** Names the invoices grid in its cursors, so another list's cursor is refused. */
const INVOICE_GRID = 'invoices';

/** The cursor the grid sends (`after`) for the page after this invoice in its default order (newest number first). */
export function invoiceGridCursor(invoiceNumber: number): string {
  return encodeCursor(INVOICE_GRID, 'invoiceNumber:desc', [invoiceNumber]);
}

/** The grid: filters, sort and paging in SQL over the maintained totals (no per-row aggregate). */
export async function listInvoices(db: DbOrTx, query: TInvoiceGridQuery, scope: InvoiceScope): Promise<{ rows: InvoiceWithTenant[] } & ListCount> {
  const filters: SQL[] = [];
  if (scope) filters.push(eq(invoices.companyId, scope));
  if (query.tenantId) filters.push(eq(invoices.companyId, query.tenantId));
  if (query.status) filters.push(eq(invoices.status, query.status));
  if (query.dueFrom) filters.push(gte(invoices.dueDate, query.dueFrom));
  if (query.dueTo) filters.push(lte(invoices.dueDate, query.dueTo));
  if (query.invoiceFrom) filters.push(gte(invoices.invoiceDate, query.invoiceFrom));
  if (query.invoiceTo) filters.push(lte(invoices.invoiceDate, query.invoiceTo));
  if (query.q) {
    const text = containsPattern(query.q);
    const asNumber = /^\d{1,15}$/.test(query.q) ? Number(query.q) : null;
    filters.push(asNumber !== null ? sql`(${invoices.invoiceNumber} = ${asNumber} or lower(${invoices.name}) like ${text})` : sql`lower(${invoices.name}) like ${text}`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'invoiceNumber', direction: 'desc' as const });
  // Plain asc/desc keeps the (status, invoice_number) and (company_id, invoice_number) indexes
  // usable for the first page; only the nullable dates say where blanks go (last either way).
  const order = keysetOrder(INVOICE_GRID, `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction, nullable: NULLABLE_SORTS.has(sort.field) }, { by: invoices.invoiceNumber, direction: 'desc' }], query);
  const page = await db
    .select({ ...withTenant, cursorKeys: order.cursorKeys })
    .from(invoices)
    .innerJoin(companyDirectory, eq(companyDirectory.id, invoices.companyId))
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  // Exact up to 1,000 matches, estimated above: the count stops early like the page does.
  const counted = await countMatching(db, (after) => db.select({ one: sql`1` }).from(invoices).where(and(where, after)).$dynamic(), query, order.after);
  return { ...keysetPage(order, page), ...counted };
}

/** One invoice the scope may see (null = any); `forUpdate` locks the invoice row. */
export async function findInvoice(db: DbOrTx, id: string, scope: InvoiceScope, forUpdate = false): Promise<InvoiceWithTenant | null> {
  const where = scope ? and(eq(invoices.id, id), eq(invoices.companyId, scope)) : eq(invoices.id, id);
  const base = db
    .select(withTenant)
    .from(invoices)
    .innerJoin(companyDirectory, eq(companyDirectory.id, invoices.companyId))
    .where(where);
  const [row] = forUpdate ? await base.for('update', { of: invoices }) : await base;
  return row ?? null;
}

export async function listLines(db: DbOrTx, invoiceId: string, forUpdate = false): Promise<LineItemRow[]> {
  const base = db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId)).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  return forUpdate ? base.for('update') : base;
}

export async function listLinesOfInvoices(db: DbOrTx, invoiceIds: string[], unpaidOnly: boolean): Promise<LineItemRow[]> {
  if (invoiceIds.length === 0) return [];
  const where = unpaidOnly ? and(inArray(invoiceLineItems.invoiceId, invoiceIds), isNull(invoiceLineItems.paymentId)) : inArray(invoiceLineItems.invoiceId, invoiceIds);
  return db.select().from(invoiceLineItems).where(where).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
}

/** Invoices of a company that still have unpaid lines (not cancelled), oldest first. */
export async function listUnpaidInvoices(db: DbOrTx, companyId: string): Promise<InvoiceWithTenant[]> {
  return db
    .select(withTenant)
    .from(invoices)
    .innerJoin(companyDirectory, eq(companyDirectory.id, invoices.companyId))
    .where(and(eq(invoices.companyId, companyId), sql`${invoices.status} <> 'Cancelled'`, sql`${invoices.paidCents} < ${invoices.totalCents}`))
    .orderBy(asc(invoices.invoiceNumber))
    .limit(1000);
}

/**
 * Recompute the maintained totals from the lines (in the caller's transaction, after the
 * change), and derive Paid: every line paid and at least one line. A Paid invoice that gets an
 * unpaid line again goes back to Created (or Overdue when past due).
 */
export async function refreshInvoiceTotals(tx: DbOrTx, invoiceId: string, today: string): Promise<InvoiceRow> {
  const [sums] = await tx
    .select({
      total: sql<string>`coalesce(sum(${invoiceLineItems.chargesCents} * ${invoiceLineItems.amount}), 0)`,
      paid: sql<string>`coalesce(sum(${invoiceLineItems.chargesCents} * ${invoiceLineItems.amount}) filter (where ${invoiceLineItems.paymentId} is not null), 0)`,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId));
  const totalCents = Number(sums!.total);
  const paidCents = Number(sums!.paid);
  const [current] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  let status = current!.status;
  let paymentDate = current!.paymentDate;
  if (status !== 'Cancelled') {
    if (totalCents > 0 && paidCents === totalCents) {
      if (status !== 'Paid') paymentDate = today;
      status = 'Paid';
    } else if (status === 'Paid') {
      status = current!.dueDate && current!.dueDate < today ? 'Overdue' : 'Created';
      paymentDate = null;
    }
  }
  const [row] = await tx.update(invoices).set({ totalCents, paidCents, status, paymentDate, updatedAt: new Date() }).where(eq(invoices.id, invoiceId)).returning();
  return row!;
}
