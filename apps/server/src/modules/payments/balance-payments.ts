import { sql, type SQL } from 'drizzle-orm';
import { PAID_BY_BALANCE } from '@apron/core';
import type { Tx } from '../../db/client';
import { hotStatement, type Slots } from '../../db/hot-statement';
import { auditInsertCte, isoTimestampSql, type AuditActor } from '../../platform/audit/audit';
import { mailInsertCte } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors/app-error';
import { publishEvents } from '../../platform/events/index';
import { invoiceEventsOf, LINE_TAKEN, markSelectionsPaidCtes, type InvoiceEventRow, type PayableSelection } from '../invoices/index';
import { receiptMail } from './receipts';

/**
 * The ledger's part of the statement, written by the balances module (it owns the ledger) from
 * `hotStatement` slots for its values (whose names must not clash with this statement's:
 * companyId, today, chosen, actorId, actorEmail, requestId, companyEmail).
 */
export interface LedgerDebitCtes {
  /**
   * CTEs `ledger` (one row: `balance`, the company's balance before) and `debit` (the Debit:
   * `id`; a row only when the balance covers the amount). Everything below is written from
   * `debit`, so a refused Debit writes nothing at all.
   */
  ctes: SQL;
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
  /** The values of the ledger's slots. */
  ledger: L;
}

export interface BalancePaymentsResult {
  /** The balance before the Debit. */
  balanceCents: number;
  /** Null when the balance did not cover the amount (nothing was written). */
  debitId: string | null;
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

interface StatementRow extends Record<string, unknown> {
  balance: string;
  debit_id: string | null;
  payment_ids: string[];
  marked: number;
  invoices: Omit<InvoiceEventRow, 'companyName'>[];
}

/** The statement's text, with or without the receipt e-mails (a company without an address). */
function paymentsStatement(ledger: LedgerDebitCtes, slot: Slots<StatementValues>, withReceipts: boolean): SQL {
  const fill = (column: SQL) => sql`replace(replace(${column}, ${RECEIPT_MARK}, p.receipt_number::text), ${PAYMENT_MARK}, p.id::text)`;
  const kind = receiptMail({ paymentId: '', receiptNumber: 0, invoiceNumber: 0, amountCents: 0, paymentDate: '' }, '', '').kind;
  const receipts = withReceipts
    ? sql`, ${mailInsertCte(
        'receipt_mails',
        sql`select array[${slot('companyEmail')}::text] as to_addrs, ${fill(sql`c.subject`)} as subject, ${fill(sql`c.text`)} as text,
                   ${kind}::text as kind, ${fill(sql`c.ref`)} as ref, c.hold as hold_seconds
            from paid p inner join chosen c on c.invoice_id = p.invoice_id`,
      )}`
    : sql``;
  return sql`
    with ${ledger.ctes},
    chosen as (
      select * from jsonb_to_recordset(${slot('chosen')}::jsonb)
        as c(invoice_id uuid, amount_cents bigint, line_ids jsonb, subject text, text text, ref text, hold int)
    ), paid as (
      insert into payments (company_id, invoice_id, amount_cents, method, details, payment_date, created_by)
      select ${slot('companyId')}::uuid, c.invoice_id, c.amount_cents, 'balance', 'Balance debit ' || debit.id, ${slot('today')}::date, ${slot('actorId')}::uuid
      from chosen c cross join debit
      returning *
    ), paid_lines as (
      select l.line_id::uuid as line_id, p.invoice_id, p.id as payment_id, ${PAID_BY_BALANCE}::text as paid_by
      from paid p inner join chosen c on c.invoice_id = p.invoice_id cross join lateral jsonb_array_elements_text(c.line_ids) as l(line_id)
    ), ${markSelectionsPaidCtes('paid_lines', slot('today'))},
    ${auditInsertCte(
      'audited',
      { actorId: slot('actorId'), actorEmail: slot('actorEmail'), requestId: slot('requestId') },
      sql`${ledger.audit}
          union all
          select 'create', 'payment', p.id::text, jsonb_build_object(
            'id', p.id, 'receiptNumber', p.receipt_number, 'companyId', p.company_id, 'invoiceId', p.invoice_id, 'amountCents', p.amount_cents,
            'method', p.method, 'provider', p.provider, 'providerRef', p.provider_ref, 'idempotencyKey', p.idempotency_key,
            'accountName', p.account_name, 'accountNumberMasked', p.account_number_masked, 'details', p.details,
            'paymentDate', p.payment_date, 'createdBy', p.created_by, 'createdAt', ${isoTimestampSql(sql`p.created_at`)}, 'lineIds', c.line_ids)
          from paid p inner join chosen c on c.invoice_id = p.invoice_id`,
    )}${receipts}
    select ledger.balance::text as balance, debit.id as debit_id,
           (select coalesce(json_agg(p.id), '[]'::json) from paid p) as payment_ids,
           (select count(*)::int from marked_lines) as marked,
           (select coalesce(json_agg(json_build_object(
              'id', i.id, 'companyId', i.company_id, 'invoiceNumber', i.invoice_number, 'name', i.name, 'status', i.status,
              'invoiceDate', i.invoice_date, 'dueDate', i.due_date, 'totalCents', i.total_cents, 'paidCents', i.paid_cents)), '[]'::json)
            from marked_invoices i) as invoices
    from ledger left join debit on true`;
}

/**
 * Pay from balance as ONE statement of data-modifying CTEs, run after the caller has locked the
 * ledger, the invoices and the lines: the Debit (funds check included), one payment (receipt)
 * per invoice, the lines `PAID BY BALANCE` and the invoices' totals, the audit rows and the
 * receipt e-mails (held for their PDFs). One round trip however many invoices; each module still
 * writes its own tables through the fragment it exports. The statement is composed once, from
 * the ledger's fragment builder (`hotStatement`: prepared, not rebuilt per request). Then the invoices' Updated events,
 * built from the rows the statement returned (their fields are formatted in TypeScript): one
 * insert. The recorder returns what the caller must check: whether the Debit was written, and
 * the payment ids for `requestReceiptPdfs` after commit.
 */
export function balancePaymentsRecorder<L extends Record<string, unknown>>(ledger: (slot: Slots<L>) => LedgerDebitCtes) {
  const statement = (withReceipts: boolean) => (slot: Slots<StatementValues & L>) => paymentsStatement(ledger(slot), slot, withReceipts);
  const withReceipts = hotStatement<StatementValues & L, StatementRow>('apron_pay_from_balance', statement(true));
  const withoutReceipts = hotStatement<StatementValues & L, StatementRow>('apron_pay_from_balance_no_mail', statement(false));

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
    const paymentIds = row!.payment_ids; // json columns arrive parsed (node-postgres and PGlite alike)
    const lineCount = selections.reduce((n, s) => n + s.lineIds.length, 0);
    // The lines were locked and checked unpaid in this transaction; fewer marked is a bug, and the
    // caller's transaction must not commit it.
    if (row!.debit_id && (Number(row!.marked) !== lineCount || paymentIds.length !== selections.length)) throw new AppError('CONFLICT', LINE_TAKEN);
    // The invoices' Updated events (notification rules), from the rows the statement returned.
    await publishEvents(tx, invoiceEventsOf(row!.invoices.map((invoice) => ({ ...invoice, companyName: input.companyName })), 'Updated'));
    return { balanceCents: Number(row!.balance), debitId: row!.debit_id, paymentIds };
  };
}
