import { REPORT_MESSAGES, formatMoney, toCents, type ImportIssue, type TImportPaymentMethod, type TInvoiceImportRow } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { StagedRow } from '../../platform/imports/kind';
import { companyKeyOf, findCompaniesByReference } from '../companies/index';
import { findAgreementsByKeys } from '../agreements/index';
import { findImportedInvoices, invoicesClosedThrough, type ImportedInvoice } from '../invoices/index';

/**
 * The invoices import's plan (issue 23): the file's rows grouped into invoices, checked as the API
 * checks an invoice and its lines, and compared with what earlier imports wrote. `check` reports its
 * issues; `commit` plans again under the locks and writes exactly this (invoices.import.ts).
 */

export interface LinePayment {
  paidOn: string;
  method: TImportPaymentMethod;
  reference: string;
}

export interface LineDraft {
  row: number;
  key: string;
  name: string;
  description: string;
  chargesCents: number;
  quantity: number;
  paid: LinePayment | null;
}

export interface InvoiceDraft {
  externalId: string;
  firstRow: number;
  companyId: string;
  agreementId: string | null;
  originalNumber: string | null;
  name: string;
  description: string;
  invoiceDate: string;
  dueDate: string;
  lines: LineDraft[];
  /** The invoice an earlier import wrote under this external id (with all its lines), or null. */
  existing: ImportedInvoice | null;
}

export interface InvoicePlan {
  issues: ImportIssue[];
  drafts: InvoiceDraft[];
}

const lineTotal = (l: { chargesCents: number; quantity: number }) => l.chargesCents * l.quantity;
export const paymentKeyOf = (p: LinePayment) => `${p.paidOn}|${p.method}|${p.reference}`;

/** The invoice's columns, repeated on each of its lines: they must agree. */
const HEADER_COLUMNS = ['company', 'agreement', 'invoiceNumber', 'name', 'description', 'invoiceDate', 'dueDate', 'invoiceTotal'] as const;
const headerCell = (v: TInvoiceImportRow, column: (typeof HEADER_COLUMNS)[number]) =>
  column === 'company' || column === 'agreement' ? (v[column] ?? '').trim().toLowerCase() : String(v[column] ?? '');

function groupRows(rows: readonly StagedRow<TInvoiceImportRow>[]): Map<string, StagedRow<TInvoiceImportRow>[]> {
  const groups = new Map<string, StagedRow<TInvoiceImportRow>[]>();
  for (const row of rows) groups.set(row.externalId, [...(groups.get(row.externalId) ?? []), row]);
  return groups;
}

/** The line's own rules: its total column, what was paid for it, when. */
function lineIssues(staged: StagedRow<TInvoiceImportRow>, today: string): ImportIssue[] {
  const v = staged.value;
  const issues: ImportIssue[] = [];
  const total = toCents(v.charges) * v.quantity;
  if (v.lineTotal !== undefined && toCents(v.lineTotal) !== total) {
    issues.push({ row: staged.row, column: 'lineTotal', message: `Line total ${formatMoney(toCents(v.lineTotal))} differs from unit price x quantity (${formatMoney(total)})` });
  }
  const paid = toCents(v.amountPaid ?? 0);
  if (paid > total) issues.push({ row: staged.row, column: 'amountPaid', message: `More than the line's total (${formatMoney(total)}) was paid` });
  else if (paid > 0 && paid < total) {
    issues.push({ row: staged.row, column: 'amountPaid', message: `A line is paid in full or not at all (${formatMoney(total)}): split it into a paid and an unpaid line` });
  }
  if (v.paidOn && v.paidOn > today) issues.push({ row: staged.row, column: 'paidOn', message: 'Paid On is in the future' });
  return issues;
}

function draftOf(group: StagedRow<TInvoiceImportRow>[], companyId: string, agreementId: string | null, existing: ImportedInvoice | null): InvoiceDraft {
  const first = group[0]!.value;
  return {
    externalId: group[0]!.externalId,
    firstRow: group[0]!.row,
    companyId,
    agreementId,
    originalNumber: first.invoiceNumber || null,
    name: first.name || `Invoice ${first.invoiceNumber || group[0]!.externalId}`,
    description: first.description,
    invoiceDate: first.invoiceDate,
    dueDate: first.dueDate,
    lines: group.map(({ row, value: v }) => ({
      row,
      key: v.line,
      name: v.lineName,
      description: v.lineDescription,
      chargesCents: toCents(v.charges),
      quantity: v.quantity,
      paid: (v.amountPaid ?? 0) > 0 ? { paidOn: v.paidOn!, method: v.paymentMethod, reference: v.paymentReference } : null,
    })),
    existing,
  };
}

/** What the file says about an invoice an earlier import wrote, against what it is in Apron now. */
function existingIssues(draft: InvoiceDraft): ImportIssue[] {
  const existing = draft.existing!;
  const at = (column: string, message: string, row = draft.firstRow): ImportIssue => ({ row, column, message });
  if (existing.status === 'Cancelled') return [at('externalId', `Invoice #${existing.invoiceNumber} is cancelled in Apron; an import cannot change it`)];
  const issues: ImportIssue[] = [];
  const paidLines = existing.lines.filter((l) => l.paymentId);
  if (paidLines.length && draft.companyId !== existing.companyId) issues.push(at('company', `Invoice #${existing.invoiceNumber} has paid lines; its company cannot change`));
  for (const paid of paidLines) {
    if (!paid.externalId) continue; // a line added and paid in Apron (a late fee ...) stays as it is
    const line = draft.lines.find((l) => l.key === paid.externalId);
    if (!line) issues.push(at('line', `Line ${paid.externalId} of invoice #${existing.invoiceNumber} is paid; a paid line cannot be removed`));
    else if (line.name !== paid.name || line.description !== paid.description || line.chargesCents !== paid.chargesCents || line.quantity !== paid.amount) {
      issues.push(at('line', 'This line is paid in Apron; a paid line cannot be changed', line.row));
    }
  }
  return issues;
}

/**
 * Groups, resolves and checks the rows. `db` may be the commit's transaction: then the invoices
 * named are locked (`forUpdate`) before they are compared.
 */
export async function planInvoices(db: DbOrTx, rows: readonly StagedRow<TInvoiceImportRow>[], today: string, forUpdate = false): Promise<InvoicePlan> {
  const issues: ImportIssue[] = [];
  const groups = groupRows(rows);
  const companies = await findCompaniesByReference(db, rows.map((r) => r.value.company));
  const agreements = await findAgreementsByKeys(db, rows.flatMap((r) => (r.value.agreement ? [r.value.agreement] : [])));
  const existing = new Map((await findImportedInvoices(db, [...groups.keys()], forUpdate)).map((i) => [i.externalId!, i]));
  const closedThrough = await invoicesClosedThrough(db);
  const drafts: InvoiceDraft[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const before = issues.length;
    for (const other of group.slice(1)) {
      for (const column of HEADER_COLUMNS) {
        if (headerCell(other.value, column) !== headerCell(first.value, column)) issues.push({ row: other.row, column, message: `Differs from row ${first.row} of the same invoice` });
      }
    }
    for (const staged of group) issues.push(...lineIssues(staged, today));
    const total = group.reduce((sum, r) => sum + lineTotal({ chargesCents: toCents(r.value.charges), quantity: r.value.quantity }), 0);
    const stated = first.value.invoiceTotal;
    if (stated !== undefined && toCents(stated) !== total) {
      issues.push({ row: first.row, column: 'invoiceTotal', message: `Invoice total ${formatMoney(toCents(stated))} differs from the sum of its lines (${formatMoney(total)})` });
    }
    const matches = companies.get(companyKeyOf(first.value.company)) ?? [];
    if (matches.length !== 1) {
      issues.push({ row: first.row, column: 'company', message: matches.length ? `Several companies are named "${first.value.company}"` : `No company "${first.value.company}"` });
      continue;
    }
    const companyId = matches[0]!.id;
    let agreementId: string | null = null;
    if (first.value.agreement) {
      const agreement = agreements.get(first.value.agreement.trim().toLowerCase());
      if (!agreement) issues.push({ row: first.row, column: 'agreement', message: `No agreement "${first.value.agreement}"` });
      else if (agreement.companyId !== companyId) issues.push({ row: first.row, column: 'agreement', message: "The agreement is another company's" });
      else agreementId = agreement.id;
    }
    const draft = draftOf(group, companyId, agreementId, existing.get(first.externalId) ?? null);
    // A closed period's invoices are not created or changed; the same file again (nothing to change) is fine.
    const closedDate = [draft.invoiceDate, draft.existing?.invoiceDate].find((d) => d && closedThrough && d <= closedThrough);
    if (closedDate && !(draft.existing && isUnchanged(outcomeOf(draft, today)))) issues.push({ row: first.row, column: 'invoiceDate', message: REPORT_MESSAGES.periodClosed });
    if (draft.existing) issues.push(...existingIssues(draft));
    if (issues.length === before) drafts.push(draft);
  }
  return { issues, drafts };
}

/** What a draft does: the lines kept, removed, (re)written, the payments received, the totals and status. */
export interface InvoiceOutcome {
  /** Unpaid lines an earlier import wrote that go (removed from the file, or rewritten). */
  removeLineIds: string[];
  /** Lines to write: new ones, and unpaid ones rewritten because the file changed them or paid them. */
  writeLines: LineDraft[];
  /** New payments: the paid lines written, grouped by date, method and reference. */
  payments: Array<LinePayment & { key: string; amountCents: number; lines: LineDraft[] }>;
  headerChanged: boolean;
  totalCents: number;
  paidCents: number;
  status: 'Created' | 'Overdue' | 'Paid';
  paymentDate: string | null;
}

export function outcomeOf(draft: InvoiceDraft, today: string): InvoiceOutcome {
  const existing = draft.existing;
  const old = new Map((existing?.lines ?? []).filter((l) => l.externalId).map((l) => [l.externalId!, l]));
  const fileKeys = new Set(draft.lines.map((l) => l.key));
  const removeLineIds: string[] = [];
  const writeLines: LineDraft[] = [];
  for (const line of draft.lines) {
    const before = old.get(line.key);
    if (before?.paymentId) continue; // paid in Apron: stays (its content was checked unchanged)
    const same = before && before.name === line.name && before.description === line.description && before.chargesCents === line.chargesCents && before.amount === line.quantity && !line.paid;
    if (same) continue;
    if (before) removeLineIds.push(before.id);
    writeLines.push(line);
  }
  for (const [key, before] of old) if (!fileKeys.has(key) && !before.paymentId) removeLineIds.push(before.id);
  const payments = new Map<string, InvoiceOutcome['payments'][number]>();
  for (const line of writeLines.filter((l) => l.paid)) {
    const key = paymentKeyOf(line.paid!);
    const payment = payments.get(key) ?? { ...line.paid!, key, amountCents: 0, lines: [] };
    payment.amountCents += lineTotal(line);
    payment.lines.push(line);
    payments.set(key, payment);
  }
  const removed = new Set(removeLineIds);
  const kept = (existing?.lines ?? []).filter((l) => !removed.has(l.id));
  const totalCents = kept.reduce((s, l) => s + l.chargesCents * l.amount, 0) + writeLines.reduce((s, l) => s + lineTotal(l), 0);
  const paidCents = kept.filter((l) => l.paymentId).reduce((s, l) => s + l.chargesCents * l.amount, 0) + writeLines.filter((l) => l.paid).reduce((s, l) => s + lineTotal(l), 0);
  const isPaid = totalCents > 0 && paidCents === totalCents;
  const lastPaidOn = [...payments.values()].map((p) => p.paidOn).sort().pop() ?? null;
  const headerChanged = !existing || existing.companyId !== draft.companyId || existing.agreementId !== draft.agreementId || existing.name !== draft.name ||
    existing.description !== draft.description || existing.invoiceDate !== draft.invoiceDate || existing.dueDate !== draft.dueDate || existing.originalNumber !== draft.originalNumber;
  return {
    removeLineIds,
    writeLines,
    payments: [...payments.values()],
    headerChanged,
    totalCents,
    paidCents,
    // As the product derives it (refreshInvoiceTotals): Paid when every line is paid, Overdue when past due, else Created.
    // An imported invoice past due is Overdue at once: the overdue run takes only Created ones, so it adds no late fee to history.
    status: isPaid ? 'Paid' : draft.dueDate < today ? 'Overdue' : 'Created',
    paymentDate: isPaid ? (existing?.status === 'Paid' ? existing.paymentDate : (lastPaidOn ?? today)) : null,
  };
}

/** Nothing to write: the file says what Apron has (re-importing the same file creates and changes nothing). */
export const isUnchanged = (o: InvoiceOutcome) => !o.headerChanged && o.removeLineIds.length === 0 && o.writeLines.length === 0;
