import { and, asc, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { rowsOf } from '../../db/rows';
import { invoiceLineItems, invoices, type InvoiceRow, type LineItemRow } from './invoices.table';

/**
 * The invoices tables' part of the invoices import (issue 23; the kind is composed in
 * modules/balances, which also writes the Debits of lines paid from a balance, like pay from
 * balance). Set-based: a statement per chunk of invoices, never one per row. Ids are made by the
 * caller so the invoices, their lines and their payments are linked without reading back.
 */

/** The columns of an invoice the import writes (and undo puts back). */
export type ImportedInvoiceHeader = Pick<
  InvoiceRow,
  'companyId' | 'agreementId' | 'name' | 'description' | 'invoiceDate' | 'dueDate' | 'originalNumber' | 'status' | 'totalCents' | 'paidCents' | 'paymentDate'
>;
export const INVOICE_HEADER_KEYS = [
  'companyId', 'agreementId', 'name', 'description', 'invoiceDate', 'dueDate', 'originalNumber', 'status', 'totalCents', 'paidCents', 'paymentDate',
] as const satisfies readonly (keyof ImportedInvoiceHeader)[];

export interface NewImportedInvoice extends ImportedInvoiceHeader {
  id: string;
  externalId: string;
  createdBy: string | null;
}

export interface NewImportedLine {
  id: string;
  invoiceId: string;
  externalId: string | null;
  name: string;
  description: string;
  chargesCents: number;
  amount: number;
  kind?: string;
  paymentId: string | null;
  paidBy: string | null;
}

/** An invoice with all its lines, as the import compares and exports it. */
export type ImportedInvoice = InvoiceRow & { lines: LineItemRow[] };

/** Each invoice with its lines (one pass over the lines, in their order). */
function withLines(found: readonly InvoiceRow[], lines: readonly LineItemRow[]): ImportedInvoice[] {
  const byInvoice = new Map<string, LineItemRow[]>(found.map((i) => [i.id, []]));
  for (const line of lines) byInvoice.get(line.invoiceId)?.push(line);
  return found.map((invoice) => ({ ...invoice, lines: byInvoice.get(invoice.id)! }));
}

/** The invoices already imported under these external ids, with all their lines, locked when `forUpdate`. */
export async function findImportedInvoices(db: DbOrTx, externalIds: readonly string[], forUpdate = false): Promise<ImportedInvoice[]> {
  if (externalIds.length === 0) return [];
  const base = db.select().from(invoices).where(and(isNotNull(invoices.externalId), inArray(invoices.externalId, [...externalIds]))).orderBy(asc(invoices.id));
  const found = forUpdate ? await base.for('update') : await base;
  if (found.length === 0) return [];
  const lines = await db.select().from(invoiceLineItems).where(inIdList(invoiceLineItems.invoiceId, found.map((i) => i.id))).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  return withLines(found, lines);
}

/**
 * New invoices, numbered from the airport's invoice counter: one block for the chunk (`takeNumbers`
 * in the same statement, `first + ordinal - 1`), so numbers stay gapless and in file order.
 */
export async function insertImportedInvoices(tx: Tx, drafts: readonly NewImportedInvoice[]): Promise<Map<string, number>> {
  if (drafts.length === 0) return new Map();
  const values = drafts.map((d, i) => ({
    ord: i + 1, id: d.id, company_id: d.companyId, agreement_id: d.agreementId, name: d.name, description: d.description, invoice_date: d.invoiceDate,
    due_date: d.dueDate, payment_date: d.paymentDate, status: d.status, total_cents: d.totalCents, paid_cents: d.paidCents, external_id: d.externalId,
    original_number: d.originalNumber, created_by: d.createdBy,
  }));
  const inserted = await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(ord int, id uuid, company_id uuid, agreement_id uuid, name text, description text,
        invoice_date date, due_date date, payment_date date, status text, total_cents bigint, paid_cents bigint, external_id text, original_number text, created_by uuid)
    ), block as (select apron_take_numbers('invoice', (select count(*) from v), 1001) as first)
    insert into ${invoices} (id, invoice_number, company_id, agreement_id, name, description, invoice_date, due_date, payment_date, status,
      total_cents, paid_cents, external_id, original_number, created_by)
    select v.id, block.first + v.ord - 1, v.company_id, v.agreement_id, v.name, v.description, v.invoice_date, v.due_date, v.payment_date, v.status,
      v.total_cents, v.paid_cents, v.external_id, v.original_number, v.created_by
    from v cross join block order by v.ord
    returning id, invoice_number`);
  return new Map(rowsOf<{ id: string; invoice_number: string | number }>(inserted).map((r) => [r.id, Number(r.invoice_number)]));
}

export async function insertImportedLines(tx: Tx, lines: readonly NewImportedLine[]): Promise<void> {
  if (lines.length === 0) return;
  // Lines are listed by created_at: a microsecond apart, an invoice's lines keep the file's order.
  await tx.insert(invoiceLineItems).values(lines.map((l, i) => ({ ...l, kind: l.kind ?? 'manual', createdAt: sql`now() + ${i} * interval '1 microsecond'` })));
}

/** Header changes (and the maintained totals and status, computed by the caller from the lines it wrote). */
export async function updateImportedInvoices(tx: Tx, changes: ReadonlyArray<{ id: string } & ImportedInvoiceHeader>): Promise<void> {
  if (changes.length === 0) return;
  const values = changes.map((c) => ({
    id: c.id, company_id: c.companyId, agreement_id: c.agreementId, name: c.name, description: c.description, invoice_date: c.invoiceDate, due_date: c.dueDate,
    original_number: c.originalNumber, status: c.status, total_cents: c.totalCents, paid_cents: c.paidCents, payment_date: c.paymentDate,
  }));
  await tx.execute(sql`
    update ${invoices} i set company_id = v.company_id, agreement_id = v.agreement_id, name = v.name, description = v.description,
      invoice_date = v.invoice_date, due_date = v.due_date, original_number = v.original_number, status = v.status,
      total_cents = v.total_cents, paid_cents = v.paid_cents, payment_date = v.payment_date, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, company_id uuid, agreement_id uuid, name text, description text,
      invoice_date date, due_date date, original_number text, status text, total_cents bigint, paid_cents bigint, payment_date date)
    where i.id = v.id`);
}

/** Unpaid lines the import replaces or removes (a paid line is never touched: PRODUCT-RULES 3). */
export async function deleteUnpaidLines(tx: Tx, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.delete(invoiceLineItems).where(and(inIdList(invoiceLineItems.id, lineIds), isNull(invoiceLineItems.paymentId)));
}

/** Undo: the lines paid by these payments become unpaid again (the payments are deleted next). */
export async function unpayLines(tx: Tx, paymentIds: readonly string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx.update(invoiceLineItems).set({ paymentId: null, paidBy: null, updatedAt: new Date() }).where(inIdList(invoiceLineItems.paymentId, paymentIds));
}

/** Undo of an updated invoice: its imported unpaid lines go, the lines it had come back, the header as it was. */
export async function restoreImportedInvoice(tx: Tx, id: string, header: ImportedInvoiceHeader, lines: readonly LineItemRow[]): Promise<void> {
  await tx.delete(invoiceLineItems).where(and(sql`${invoiceLineItems.invoiceId} = ${id}`, isNotNull(invoiceLineItems.externalId), isNull(invoiceLineItems.paymentId)));
  if (lines.length) await tx.insert(invoiceLineItems).values(lines.map((l) => ({ ...l, createdAt: new Date(l.createdAt), updatedAt: new Date(l.updatedAt) })));
  await updateImportedInvoices(tx, [{ id, ...header }]);
}

/**
 * The invoices changed since an import wrote them: their `updated_at` moved past the import's
 * transaction time (`since`, or for an invoice the import created its `created_at`, the same
 * `now()`). Every change of an invoice moves it: a line added, edited or paid (the totals are
 * refreshed), the overdue run, a cancel, a comment. Compared in SQL, at full precision.
 */
export async function invoicesChangedSince(db: DbOrTx, invoicesSince: ReadonlyArray<{ id: string; since: string | null }>): Promise<number[]> {
  if (invoicesSince.length === 0) return [];
  const rows = await db.execute(sql`
    select i.invoice_number from ${invoices} i
    join jsonb_to_recordset(${JSON.stringify(invoicesSince)}::jsonb) as v(id uuid, since timestamptz) on v.id = i.id
    where i.updated_at > coalesce(v.since, i.created_at)
    order by i.invoice_number`);
  return rowsOf<{ invoice_number: string | number }>(rows).map((r) => Number(r.invoice_number));
}

/** The transaction's time (`now()`), as PostgreSQL keeps it (microseconds): when an import wrote its rows. */
export async function transactionTime(tx: Tx): Promise<string> {
  const [row] = rowsOf<{ now: string }>(await tx.execute(sql`select now()::text as now`));
  return row!.now;
}

/** Lock invoices (`FOR UPDATE`, id order): undo takes turns with payments and edits of them. */
export async function lockInvoices(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.select({ id: invoices.id }).from(invoices).where(inIdList(invoices.id, ids)).orderBy(asc(invoices.id)).for('update');
}

export async function deleteImportedInvoices(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(invoices).where(inIdList(invoices.id, ids));
}

/** The invoices (with their lines) as they are now, for blockedUndo. */
export async function invoicesWithLines(db: DbOrTx, ids: readonly string[]): Promise<ImportedInvoice[]> {
  if (ids.length === 0) return [];
  const found = await db.select().from(invoices).where(inIdList(invoices.id, ids));
  const lines = await db.select().from(invoiceLineItems).where(inIdList(invoiceLineItems.invoiceId, ids)).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  return withLines(found, lines);
}

/** A page of the airport's invoices (not cancelled) with their lines, by number, for the export. */
export async function invoicesForExport(db: DbOrTx, afterNumber: number, limit: number): Promise<ImportedInvoice[]> {
  const page = await db.select().from(invoices).where(and(gt(invoices.invoiceNumber, afterNumber), ne(invoices.status, 'Cancelled'))).orderBy(asc(invoices.invoiceNumber)).limit(limit);
  if (page.length === 0) return [];
  const lines = await db.select().from(invoiceLineItems).where(inIdList(invoiceLineItems.invoiceId, page.map((i) => i.id))).orderBy(asc(invoiceLineItems.createdAt), asc(invoiceLineItems.id));
  return withLines(page, lines);
}
