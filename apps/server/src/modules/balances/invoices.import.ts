import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { INVOICE_IMPORT_COLUMNS, PAID_BY_BALANCE, ZInvoiceImportRow, fromCents, hasSufficientFunds, type TInvoiceImportRow } from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { AppError } from '../../platform/errors/app-error';
import type { CommitContext, ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import { companyDirectory, lockCompanies } from '../companies/index';
import { agreementNumbersByIds } from '../agreements/index';
import {
  INVOICE_HEADER_KEYS, deleteImportedInvoices, deleteUnpaidLines, insertImportedInvoices, insertImportedLines, invoicesClosedThrough, invoicesForExport,
  invoicesChangedSince, invoicesWithLines, lockInvoices, restoreImportedInvoice, transactionTime, unpayLines, updateImportedInvoices, type ImportedInvoice, type ImportedInvoiceHeader, type NewImportedLine,
} from '../invoices/index';
import { deleteImportedPayments, insertImportedPayments, paymentsByIds, type NewImportedPayment } from '../payments/index';
import { balancesOf } from './balances.repo';
import { balanceRecords } from './balances.table';
import { INVOICE_DEBIT_PREFIX } from './balances.import';
import { isUnchanged, outcomeOf, planInvoices, type InvoiceDraft, type InvoiceOutcome } from './invoices-import-plan';

/**
 * Import kind `invoices` (issue 23): open historical invoices with their lines and the payments
 * received. It writes invoices, their lines, their payments (receipts) and, for lines paid from a
 * company's balance, the Debit - the four tables pay from balance writes, which is why the kind is
 * composed here, in balances, the one money module that may use the other three (no cycle).
 * The invariants of the ledger hold as for any payment: a line is paid when it has a receipt, an
 * invoice's totals are its lines', a balance never falls below zero, numbers come from the
 * airport's counters (a block per chunk). No e-mail and no notification event: this is history.
 */

function headerOf(draft: InvoiceDraft, outcome: InvoiceOutcome): ImportedInvoiceHeader {
  return {
    companyId: draft.companyId, agreementId: draft.agreementId, name: draft.name, description: draft.description, invoiceDate: draft.invoiceDate,
    dueDate: draft.dueDate, originalNumber: draft.originalNumber, status: outcome.status, totalCents: outcome.totalCents, paidCents: outcome.paidCents,
    paymentDate: outcome.paymentDate,
  };
}

const pickHeader = (invoice: ImportedInvoiceHeader): ImportedInvoiceHeader =>
  Object.fromEntries(INVOICE_HEADER_KEYS.map((k) => [k, invoice[k]])) as unknown as ImportedInvoiceHeader;


/** Lines paid 'balance' need the company's balance to cover them, as pay from balance does (PRODUCT-RULES 6). */
async function fundsIssues(db: DbOrTx, planned: ReadonlyArray<{ draft: InvoiceDraft; outcome: InvoiceOutcome }>) {
  const needed = new Map<string, { cents: number; rows: number[] }>();
  for (const { draft, outcome } of planned) {
    for (const payment of outcome.payments.filter((p) => p.method === 'balance')) {
      const entry = needed.get(draft.companyId) ?? { cents: 0, rows: [] };
      entry.cents += payment.amountCents;
      entry.rows.push(...payment.lines.map((l) => l.row));
      needed.set(draft.companyId, entry);
    }
  }
  const balances = await balancesOf(db, [...needed.keys()]);
  return [...needed].flatMap(([companyId, need]) =>
    hasSufficientFunds(balances.get(companyId) ?? 0, need.cents) ? [] : need.rows.map((row) => ({ row, column: 'paymentMethod', message: "InSufficient Funds: the company's balance does not cover the lines paid from it" })),
  );
}

async function checkInvoices(db: DbOrTx, rows: readonly StagedRow<TInvoiceImportRow>[], today: string) {
  const plan = await planInvoices(db, rows, today);
  const planned = plan.drafts.map((draft) => ({ draft, outcome: outcomeOf(draft, today) }));
  return [...plan.issues, ...(await fundsIssues(db, planned))];
}

async function commitInvoices(tx: Tx, rows: readonly StagedRow<TInvoiceImportRow>[], ctx: CommitContext): Promise<void> {
  const plan = await planInvoices(tx, rows, ctx.today, true);
  const planned = plan.drafts.map((draft) => ({ draft, outcome: outcomeOf(draft, ctx.today) })).filter((p) => !isUnchanged(p.outcome));
  // The ledgers paid from take turns with pay from balance (its lock), then the funds are checked once.
  await lockCompanies(tx, [...new Set(planned.filter((p) => p.outcome.payments.some((x) => x.method === 'balance')).map((p) => p.draft.companyId))]);
  const issues = [...plan.issues, ...(await fundsIssues(tx, planned))];
  refuseIssuesFoundAtCommit(issues);
  if (planned.length === 0) return;

  const createdBy = ctx.actor.user?.id ?? null;
  const ids = new Map(planned.map((p) => [p.draft.externalId, p.draft.existing?.id ?? randomUUID()]));
  const fresh = planned.filter((p) => !p.draft.existing);
  const numbers = await insertImportedInvoices(tx, fresh.map(({ draft, outcome }) => ({ id: ids.get(draft.externalId)!, externalId: draft.externalId, createdBy, ...headerOf(draft, outcome) })));
  for (const p of planned) if (p.draft.existing) numbers.set(p.draft.existing.id, p.draft.existing.invoiceNumber);

  const payments: Array<NewImportedPayment & { lineKeys: string[] }> = [];
  const lines: NewImportedLine[] = [];
  for (const { draft, outcome } of planned) {
    const invoiceId = ids.get(draft.externalId)!;
    const paymentOf = new Map<string, NewImportedPayment>();
    for (const p of outcome.payments) {
      const payment = { id: randomUUID(), companyId: draft.companyId, invoiceId, amountCents: p.amountCents, method: p.method, reference: p.reference, paymentDate: p.paidOn, createdBy };
      payments.push({ ...payment, lineKeys: p.lines.map((l) => l.key) });
      for (const l of p.lines) paymentOf.set(l.key, payment);
    }
    for (const line of outcome.writeLines) {
      const payment = paymentOf.get(line.key) ?? null;
      lines.push({
        id: randomUUID(), invoiceId, externalId: line.key, name: line.name, description: line.description, chargesCents: line.chargesCents, amount: line.quantity,
        paymentId: payment?.id ?? null, paidBy: payment ? (payment.method === 'balance' ? PAID_BY_BALANCE : payment.id) : null,
      });
    }
  }
  const changed = planned.filter((p) => p.draft.existing);
  await deleteUnpaidLines(tx, changed.flatMap((p) => p.outcome.removeLineIds));
  await updateImportedInvoices(tx, changed.map(({ draft, outcome }) => ({ id: draft.existing!.id, ...headerOf(draft, outcome) })));
  await insertImportedPayments(tx, payments);
  await insertImportedLines(tx, lines);
  const debits = payments.filter((p) => p.method === 'balance').map((p) => ({
    id: randomUUID(), companyId: p.companyId, accountNumMasked: '****', routingNum: '', amountCents: p.amountCents, type: 'Debit',
    dateApplied: p.paymentDate, reference: `${INVOICE_DEBIT_PREFIX}${numbers.get(p.invoiceId)}`, createdBy,
  }));
  if (debits.length) await tx.insert(balanceRecords).values(debits);

  const importedAt = await transactionTime(tx);
  const tracked: TrackedRecord[] = planned.map(({ draft, outcome }) => {
    const id = ids.get(draft.externalId)!;
    const after = { externalId: draft.externalId, invoiceNumber: numbers.get(id), ...headerOf(draft, outcome), lines: outcome.writeLines.length, payments: outcome.payments.length };
    if (!draft.existing) return { entity: 'invoice', id, action: 'created', after };
    // Undo puts back the header and the imported lines that were unpaid (paid ones are never changed by an import);
    // `importedAt` tells undo whether the invoice changed since.
    const before = { header: pickHeader(draft.existing), lines: draft.existing.lines.filter((l) => l.externalId && !l.paymentId), importedAt };
    return { entity: 'invoice', id, action: 'updated', before, after };
  });
  tracked.push(...payments.map(({ lineKeys, ...p }) => ({ entity: 'payment', id: p.id, action: 'created' as const, after: { ...p, lineKeys } })));
  tracked.push(...debits.map((d) => ({ entity: 'balanceRecord', id: d.id, action: 'created' as const, after: d })));
  await ctx.track(tx, tracked);
}

const idsOf = (records: readonly TrackedRecord[], entity: string, action?: TrackedRecord['action']) =>
  records.filter((r) => r.entity === entity && (!action || r.action === action)).map((r) => r.id);

/**
 * Why the batch's invoices cannot be undone: one changed since the import (a payment, a line added,
 * edited or removed, the overdue run's late fee, a cancel ...: its `updated_at` moved), or is dated
 * in a period closed since.
 */
async function blockedInvoices(db: DbOrTx, records: readonly TrackedRecord[]): Promise<string | null> {
  const invoiceRecords = records.filter((r) => r.entity === 'invoice');
  const changed = await invoicesChangedSince(db, invoiceRecords.map((r) => ({ id: r.id, since: (r.before as { importedAt?: string } | undefined)?.importedAt ?? null })));
  const closedThrough = await invoicesClosedThrough(db);
  if (closedThrough) {
    const dated = await invoicesWithLines(db, invoiceRecords.map((r) => r.id));
    const headers = new Map(invoiceRecords.map((r) => [r.id, (r.before as { header?: ImportedInvoiceHeader } | undefined)?.header]));
    for (const invoice of dated) {
      if ([invoice.invoiceDate, headers.get(invoice.id)?.invoiceDate].some((d) => d && d <= closedThrough) && !changed.includes(invoice.invoiceNumber)) changed.push(invoice.invoiceNumber);
    }
  }
  if (changed.length === 0) return null;
  const shown = changed.sort((a, b) => a - b).slice(0, 5).map((n) => `#${n}`).join(', ');
  return `Imported invoices have changed since the import (payments, lines, status or a closed period): ${shown}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}`;
}

async function undoInvoices(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  // The invoices take turns with payments and edits (their row lock), then are compared with what the import left.
  await lockInvoices(tx, idsOf(records, 'invoice'));
  const blocked = await blockedInvoices(tx, records);
  if (blocked) throw new AppError('CONFLICT', blocked);
  const debitIds = idsOf(records, 'balanceRecord', 'created');
  if (debitIds.length) await tx.delete(balanceRecords).where(inIdList(balanceRecords.id, debitIds));
  const paymentIds = idsOf(records, 'payment', 'created');
  await unpayLines(tx, paymentIds);
  await deleteImportedPayments(tx, paymentIds);
  for (const record of records.filter((r) => r.entity === 'invoice' && r.action === 'updated' && r.before)) {
    const before = record.before as unknown as { header: ImportedInvoiceHeader; lines: ImportedInvoice['lines'] };
    await restoreImportedInvoice(tx, record.id, before.header, before.lines);
  }
  await deleteImportedInvoices(tx, idsOf(records, 'invoice', 'created'));
}

/** The airport's invoices (not cancelled) in the template's columns, one row per line, a page of invoices at a time. */
async function* exportInvoices(db: Db): AsyncIterable<Record<string, string>> {
  const companies = new Map((await db.select({ id: companyDirectory.id, name: companyDirectory.name }).from(companyDirectory).orderBy(asc(companyDirectory.id))).map((c) => [c.id, c.name]));
  const agreementNumbers = await agreementNumbersByIds(db);
  for (let after = 0; ; ) {
    const page = await invoicesForExport(db, after, 500);
    if (page.length === 0) return;
    const paid = await paymentsByIds(db, page.flatMap((i) => i.lines.flatMap((l) => (l.paymentId ? [l.paymentId] : []))));
    for (const invoice of page) {
      for (const line of invoice.lines) {
        const payment = line.paymentId ? paid.get(line.paymentId) : undefined;
        const total = fromCents(line.chargesCents * line.amount).toFixed(2);
        yield {
          externalId: invoice.externalId ?? `apron-${invoice.invoiceNumber}`,
          line: line.externalId ?? `apron-${line.id}`,
          company: companies.get(invoice.companyId) ?? '',
          agreement: invoice.agreementId ? (agreementNumbers.get(invoice.agreementId) ?? '') : '',
          // an invoice made in Apron takes its number along as the original; an imported one keeps its own
          invoiceNumber: invoice.externalId ? (invoice.originalNumber ?? '') : String(invoice.invoiceNumber),
          name: invoice.name,
          description: invoice.description,
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate ?? invoice.invoiceDate,
          lineName: line.name,
          lineDescription: line.description,
          charges: fromCents(line.chargesCents).toFixed(2),
          quantity: String(line.amount),
          lineTotal: total,
          invoiceTotal: fromCents(invoice.totalCents).toFixed(2),
          amountPaid: payment ? total : '',
          paidOn: payment?.paymentDate ?? '',
          paymentMethod: payment?.method ?? '',
          paymentReference: payment ? ((payment.method === 'card' ? payment.providerRef : payment.details) ?? '') : '',
        };
      }
      after = invoice.invoiceNumber;
    }
  }
}

export const invoicesImport: ImportKind<TInvoiceImportRow> = {
  kind: 'invoices',
  columns: INVOICE_IMPORT_COLUMNS,
  schema: ZInvoiceImportRow,
  rowKey: ['externalId', 'line'],
  check: (db, rows, ctx) => checkInvoices(db, rows, ctx.today),
  commit: commitInvoices,
  blockedUndo: blockedInvoices,
  undo: (tx, records) => undoInvoices(tx, records),
  exportRows: exportInvoices,
};
