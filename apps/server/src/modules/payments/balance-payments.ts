import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAID_BY_BALANCE } from '@apron/core';
import type { Tx } from '../../db/client';
import { cte, preparedStatement, type Slots } from '../../db/prepared';
import { auditInsertCte, createdRowChangesSql, type AuditActor } from '../../platform/audit/audit';
import { mailInsertCte } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors/app-error';
import { publishEvents } from '../../platform/events/index';
import { invoiceEventsOf, LINE_TAKEN, markSelectionsPaidCtes, type InvoiceEventRow, type PayableSelection } from '../invoices/index';
import { payments } from './payments.table';
import { receiptMail } from './receipts';

/**
 * The ledger's part of the statement, written by the balances module (it owns the ledger) with
 * placeholders for its values (whose names must not clash with this statement's: companyId,
 * today, chosen, actorId, actorEmail, requestId, companyEmail). The funds were checked before
 * (`hasSufficientFunds`, under the ledger's lock): the Debit is written unconditionally.
 */
export interface LedgerDebitCtes {
  /** CTEs ending in `debit`: the Debit (`returning *`), and what the ledger keeps with it. */
  ctes: WithSubquery[];
  /** A select of (action, entity, entity_id, changes) auditing the Debit, over `debit`. */
  audit: SQL;
}

export interface BalancePayments<L> {
  companyId: string;
  /** For the invoices' events (their template fields name the company). */
  companyName: string;
  /** The company's e-mail for the receipts (none sent when empty). */
  companyEmail: string;
  airportName: string;
  today: string;
  /** Locked and checked by `payableSelectionsOf`: one per invoice, with the server's figure. */
  selections: readonly PayableSelection[];
  /** The values of the ledger's placeholders. */
  ledger: L;
}

export interface BalancePaymentsResult {
  debitId: string;
  paymentIds: string[];
}

// Filled in by the statement: the receipt number comes from the payment's insert.
const RECEIPT_MARK = '{receipt}';
const PAYMENT_MARK = '{payment}';

interface StatementValues {
  companyId: string;
  today: string;
  chosen: string;
  actorId: string | null;
  actorEmail: string | null;
  requestId: string | null;
  companyEmail: string;
}

/** The payments' CTEs: the chosen invoices, a payment each, its lines, and the lines marked paid (invoices'). */
function paymentCtes(slot: Slots<StatementValues>): WithSubquery[] {
  return [
    cte('chosen', sql`select * from jsonb_to_recordset(${slot('chosen')}::jsonb)
        as c(invoice_id uuid, amount_cents bigint, line_ids jsonb, subject text, text text, ref text, hold int)`),
    cte('paid', sql`
      insert into payments (company_id, invoice_id, amount_cents, method, details, payment_date, created_by)
      select ${slot('companyId')}::uuid, c.invoice_id, c.amount_cents, 'balance', 'Balance debit ' || debit.id, ${slot('today')}::date, ${slot('actorId')}::uuid
      from chosen c cross join debit
      returning *`),
    cte('paid_lines', sql`
      select l.line_id::uuid as line_id, p.invoice_id, p.id as payment_id, ${PAID_BY_BALANCE}::text as paid_by
      from paid p inner join chosen c on c.invoice_id = p.invoice_id cross join lateral jsonb_array_elements_text(c.line_ids) as l(line_id)`),
    ...markSelectionsPaidCtes('paid_lines', slot('today')),
  ];
}

/** The receipt e-mails, held for their PDFs; the receipt number and payment id are filled in here. */
function receiptMailsCte(slot: Slots<StatementValues>): WithSubquery {
  const fill = (column: SQL) => sql`replace(replace(${column}, ${RECEIPT_MARK}, p.receipt_number::text), ${PAYMENT_MARK}, p.id::text)`;
  const kind = receiptMail({ paymentId: '', receiptNumber: 0, invoiceNumber: 0, amountCents: 0, paymentDate: '' }, '', '').kind;
  return mailInsertCte(
    'receipt_mails',
    sql`select array[${slot('companyEmail')}::text] as to_addrs, ${fill(sql`c.subject`)} as subject, ${fill(sql`c.text`)} as text,
               ${kind}::text as kind, ${fill(sql`c.ref`)} as ref, c.hold as hold_seconds
        from paid p inner join chosen c on c.invoice_id = p.invoice_id`,
  );
}

/** The statement's parts, with or without the receipt e-mails (a company without an address). */
function paymentsStatement(ledger: LedgerDebitCtes, slot: Slots<StatementValues>, withReceipts: boolean) {
  // The payment's audit is what `recordAudit` stores for the row, with the lines it paid.
  const paid = alias(payments, 'paid');
  const audited = auditInsertCte(
    'audited',
    { actorId: slot('actorId'), actorEmail: slot('actorEmail'), requestId: slot('requestId') },
    sql`${ledger.audit}
        union all
        select 'create', 'payment', paid.id::text, ${createdRowChangesSql(paid, { lineIds: sql`c.line_ids` })}
        from paid inner join chosen c on c.invoice_id = paid.invoice_id`,
  );
  return {
    with: [...ledger.ctes, ...paymentCtes(slot), audited, ...(withReceipts ? [receiptMailsCte(slot)] : [])],
    select: {
      debitId: sql<string>`debit.id`,
      paymentIds: sql<string[]>`(select coalesce(json_agg(p.id), '[]'::json) from paid p)`,
      marked: sql<number>`(select count(*)::int from marked_lines)`,
      invoices: sql<Omit<InvoiceEventRow, 'companyName'>[]>`(select coalesce(json_agg(json_build_object(
          'id', i.id, 'companyId', i.company_id, 'invoiceNumber', i.invoice_number, 'name', i.name, 'status', i.status,
          'invoiceDate', i.invoice_date, 'dueDate', i.due_date, 'totalCents', i.total_cents, 'paidCents', i.paid_cents)), '[]'::json)
        from marked_invoices i)`,
    },
    from: sql`debit`,
  };
}

/**
 * Pay from balance as ONE statement of data-modifying CTEs, run after the caller has locked the
 * ledger, the invoices and the lines and checked the funds: the Debit, one payment (receipt) per
 * invoice, the lines `PAID BY BALANCE` and the invoices' totals, the audit rows and the receipt
 * e-mails (held for their PDFs). One round trip however many invoices; each module writes its own
 * tables through the CTEs it exports, composed with Drizzle's `with` and sent as a named
 * prepared statement (`preparedStatement`). Then the invoices' Updated events, built from the
 * rows the statement returned (their fields are formatted in TypeScript): one insert. Returns the
 * Debit and the payment ids for `requestReceiptPdfs` after commit.
 */
export function balancePaymentsRecorder<L extends Record<string, unknown>>(ledger: (slot: Slots<L>) => LedgerDebitCtes) {
  const statement = (withReceipts: boolean) => (slot: Slots<StatementValues & L>) => paymentsStatement(ledger(slot), slot, withReceipts);
  const withReceipts = preparedStatement('apron_pay_from_balance', statement(true));
  const withoutReceipts = preparedStatement('apron_pay_from_balance_no_mail', statement(false));

  return async function recordBalancePayments(tx: Tx, actor: AuditActor, input: BalancePayments<L>): Promise<BalancePaymentsResult> {
    const { companyId, today, selections } = input;
    const chosen = selections.map((s) => {
      const mail = receiptMail(
        { paymentId: PAYMENT_MARK, receiptNumber: RECEIPT_MARK, invoiceNumber: s.invoiceNumber, amountCents: s.amountCents, paymentDate: today },
        input.companyEmail,
        input.airportName,
      );
      return { invoice_id: s.invoiceId, amount_cents: s.amountCents, line_ids: s.lineIds, subject: mail.subject, text: mail.text, ref: mail.ref, hold: mail.holdSeconds ?? 0 };
    });
    const statement = input.companyEmail ? withReceipts : withoutReceipts;
    const [row] = await statement(tx, {
      ...input.ledger,
      companyId, today, chosen: JSON.stringify(chosen), companyEmail: input.companyEmail,
      actorId: actor.user?.id ?? null, actorEmail: actor.user?.email ?? null, requestId: actor.requestId ?? null,
    });
    const { debitId, paymentIds, marked, invoices } = row!; // json columns arrive parsed (node-postgres and PGlite alike)
    const lineCount = selections.reduce((n, s) => n + s.lineIds.length, 0);
    // The lines were locked and checked unpaid in this transaction; fewer marked is a bug, and the
    // caller's transaction must not commit it.
    if (Number(marked) !== lineCount || paymentIds.length !== selections.length) throw new AppError('CONFLICT', LINE_TAKEN);
    // The invoices' Updated events (notification rules), from the rows the statement returned.
    await publishEvents(tx, invoiceEventsOf(invoices.map((invoice) => ({ ...invoice, companyName: input.companyName })), 'Updated'));
    return { debitId, paymentIds };
  };
}
