import { eq, sql } from 'drizzle-orm';
import {
  BALANCE_MESSAGES, INVOICE_MESSAGES, calendarDate, fromCents, hasSufficientFunds, maskAccountNumber, readSetting, toCents,
  type TBalanceRecord, type TBalanceRecordCreate, type TPayFromBalance, type TPayFromBalanceResult,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isoTimestampSql, recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { hotStatement, type Slots } from '../../db/hot-statement';
import { findIdempotentAnswer, idempotentAnswerInsertCte, saveIdempotentAnswer, type IdempotentAnswer } from '../../platform/idempotency/index';
import type { PluginScope } from '../../platform/plugins/registry';
import { lockCompany, lockCompanyCte } from '../companies/index';
import { invoiceCompanyIdSql, lockSelectionsCtes, payableSelectionsOf, selectionIds } from '../invoices/index';
import { balancePaymentsRecorder, type LedgerDebitCtes } from '../payments/index';
import { loadSystemSettingsCached } from '../settings/index';
import { presentRecord } from './balances.presenter';
import { balanceRecords } from './balances.table';

/** Balance = sum of Credits - sum of Debits, in SQL (PRODUCT-RULES 7). */
export async function companyBalanceCents(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(case when ${balanceRecords.type} = 'Credit' then ${balanceRecords.amountCents} else -${balanceRecords.amountCents} end), 0)` })
    .from(balanceRecords)
    .where(eq(balanceRecords.companyId, companyId));
  return Number(row!.balance);
}

/** Lock the company's ledger: every balance change of one company takes turns on its row. */
async function lockLedger(tx: Tx, companyId: string): Promise<boolean> {
  return !!(await lockCompany(tx, companyId));
}

/** The operation names of the ledger's answers kept per Idempotency-Key (`idempotent_answers`). */
const ADD_RECORD = 'balance-record';
const PAY_FROM_BALANCE = 'pay-from-balance';

export type TBalanceRecordAdded = TBalanceRecord & { message: string };

/**
 * Add Record (Company admins only), once per Idempotency-Key (PRODUCT-RULES 29): under the
 * ledger's lock the key's first answer is looked up, else the record is written and the answer -
 * the record with the balance after it, read in this transaction - kept with it. A saved record
 * is never answered with an error, and the same key again credits nothing more.
 */
export async function createBalanceRecord(db: Db, actor: AuditActor, input: TBalanceRecordCreate, key: string): Promise<IdempotentAnswer<TBalanceRecordAdded>> {
  return db.transaction(async (tx) => {
    if (!(await lockLedger(tx, input.tenantId))) throw fieldError('tenantId', 'Company not found');
    const first = await findIdempotentAnswer<TBalanceRecordAdded>(tx, ADD_RECORD, key, input.tenantId);
    if (first) return first;
    const row = await insertBalanceRecord(tx, actor, input);
    const answer = { status: 201, body: { ...presentRecord({ ...row, runningCents: await companyBalanceCents(tx, row.companyId) }), message: BALANCE_MESSAGES.added } };
    await saveIdempotentAnswer(tx, ADD_RECORD, key, row.companyId, answer);
    return answer;
  });
}

/** Cash with a comment, or Check with its account number stored masked; the caller holds the ledger. */
async function insertBalanceRecord(tx: Tx, actor: AuditActor, input: TBalanceRecordCreate) {
  const amountCents = toCents(input.amount);
  // A hand-written Debit is a correction and may not take the balance below zero either.
  if (input.type === 'Debit' && !hasSufficientFunds(await companyBalanceCents(tx, input.tenantId), amountCents)) {
    throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);
  }
  const [row] = await tx
    .insert(balanceRecords)
    .values({
      companyId: input.tenantId,
      // a check keeps the last four digits of its account; cash has no bank numbers, its comment is the reference
      accountNumMasked: input.paidBy === 'Check' ? maskAccountNumber(input.accountNum) : '****',
      routingNum: input.paidBy === 'Check' ? input.routingNum : '',
      reference: input.paidBy === 'Cash' ? `Cash: ${input.comment}` : null,
      amountCents,
      type: input.type,
      dateApplied: input.dateApplied,
      createdBy: actor.user?.id ?? null,
    })
    .returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'balanceRecord', entityId: row!.id, after: row! });
  return row!;
}

/** The values of the ledger's slots in pay from balance's statement (`debitIfFunded`). */
interface DebitValues extends Record<string, unknown> {
  ledgerCompanyId: string;
  debitCents: number;
  debitDate: string;
  debitReference: string;
  debitBy: string | null;
  /** The Idempotency-Key and message of the answer kept with the Debit. */
  answerKey: string;
  answerMessage: string;
}

/**
 * The funds check and the Debit as the ledger's CTEs of pay from balance's one statement
 * (`balancePaymentsRecorder`), with slots for `DebitValues`. The caller holds the company row, so
 * the sum read here is the committed ledger (a statement after the lock sees every Debit committed
 * before it). The Debit is written only when the balance covers it (PRODUCT-RULES 6,
 * `hasSufficientFunds`: balance >= amount > 0); `ledger.balance` is the balance before it. With
 * the Debit, the request's answer is kept for its Idempotency-Key (`answered`): in this statement,
 * so pay from balance stays one statement of writes; a refused Debit keeps no answer.
 */
function debitIfFunded(slot: Slots<DebitValues>): LedgerDebitCtes {
  return {
    ctes: sql`ledger as (
      select coalesce(sum(case when type = 'Credit' then amount_cents else -amount_cents end), 0) as balance
      from balance_records where company_id = ${slot('ledgerCompanyId')}::uuid
    ), debit as (
      insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference, created_by)
      select ${slot('ledgerCompanyId')}::uuid, '****', '', ${slot('debitCents')}::bigint, 'Debit', ${slot('debitDate')}::date, ${slot('debitReference')}::text, ${slot('debitBy')}::uuid
      from ledger where ${slot('debitCents')}::bigint > 0 and ledger.balance >= ${slot('debitCents')}::bigint
      returning *
    ), ${idempotentAnswerInsertCte(
      'answered',
      PAY_FROM_BALANCE,
      slot('answerKey'),
      sql`select ${slot('ledgerCompanyId')}::uuid as owner_id, 200 as status, jsonb_build_object(
            'message', ${slot('answerMessage')}::text, 'balance', (ledger.balance - debit.amount_cents) / 100.0, 'paid', debit.amount_cents / 100.0) as body
          from ledger cross join debit`,
    )}`,
    // what `recordAudit(.., { entity: 'balanceRecord', after: debit })` stores (the routing number is a secret field)
    audit: sql`select 'create' as action, 'balanceRecord' as entity, d.id::text as entity_id, jsonb_build_object(
        'id', d.id, 'companyId', d.company_id, 'accountNumMasked', d.account_num_masked, 'amountCents', d.amount_cents, 'type', d.type,
        'dateApplied', d.date_applied, 'reference', d.reference, 'createdBy', d.created_by, 'createdAt', ${isoTimestampSql(sql`d.created_at`)}) as changes
      from debit d`,
  };
}

const recordBalancePayments = balancePaymentsRecorder<DebitValues>(debitIfFunded);

interface LockValues extends Record<string, unknown> {
  firstInvoiceId: string;
  scope: string | null;
  invoiceIds: string;
  lineIds: string;
}

/**
 * Pay from balance's one locking read, in this order: the ledger row of the first invoice's
 * company (within the caller's scope: no row, nothing else locked), then the selected invoices,
 * then all their selected lines (each later lock gates on the one before, `lockSelectionsCtes`).
 */
const lockPayment = hotStatement<LockValues, { payer: { id: string; name: string; email: string } | null; invoices: unknown; lines: unknown }>(
  'apron_pay_from_balance_lock',
  (slot) => {
    const selections = lockSelectionsCtes('payer', { invoiceIds: slot('invoiceIds'), lineIds: slot('lineIds') });
    return sql`with ${lockCompanyCte('payer', invoiceCompanyIdSql(slot('firstInvoiceId'), slot('scope')))}, ${selections.ctes}
      select (select to_jsonb(p) from payer p) as payer, ${selections.invoices} as invoices, ${selections.lines} as lines`;
  },
);

export interface PaidFromBalance {
  answer: IdempotentAnswer<TPayFromBalanceResult>;
  paymentIds: string[];
}

/**
 * Pay from balance, one operation (PRODUCT-RULES 6). Before the transaction: the settings it needs
 * (airport date and name; cached for a few seconds, this runs hundreds of times a second). Then
 * one transaction of three statements however many invoices, each prepared once
 * (`hotStatement`): one locking read of the ledger row of the invoices' company (within the
 * caller's scope), the invoices and all selected lines (checked to be that company's and unpaid,
 * `payableSelectionsOf`); then ONE statement (`recordBalancePayments`, with this module's funds
 * check and Debit, `debitIfFunded`) that writes the Debit, one payment (receipt) per invoice, the
 * lines 'PAID BY BALANCE', the invoices' totals, the audit rows and the receipt e-mails - or
 * nothing when the funds are short - and one more the invoices' events. Concurrent requests for
 * one company queue on the ledger lock, so the balance never goes below zero and a line is paid
 * once. The Idempotency-Key's first answer, looked up once the ledger is held, answers a
 * replay (PRODUCT-RULES 29; the answer is kept by the payment's statement). Returns the answer
 * and the payment ids for `requestReceiptPdfs` (after commit; none for a replay).
 */
export async function payFromBalance(app: PluginScope, db: Db, actor: AuditActor, body: TPayFromBalance, scope: string | null, key: string): Promise<PaidFromBalance> {
  const invoiceIds = Object.keys(body).sort();
  const chosen = invoiceIds.map((invoiceId) => ({ invoiceId, lineIds: body[invoiceId]! }));
  const settings = await loadSystemSettingsCached(app);
  const today = calendarDate(new Date(), readSetting(settings, 'TIME_ZONE'));

  return db.transaction(async (tx) => {
    // The ledger of the first invoice's company (in scope); the others must be that company's too.
    const [locked] = await lockPayment(tx, { firstInvoiceId: invoiceIds[0]!, scope, ...selectionIds(chosen) });
    const company = locked!.payer;
    if (!company) throw notFound(INVOICE_MESSAGES.notFound);
    const companyId = company.id;
    // A statement after the ledger lock: it sees the answer of a click with this key that held it before.
    const first = await findIdempotentAnswer<TPayFromBalanceResult>(tx, PAY_FROM_BALANCE, key, companyId);
    if (first) return { answer: first, paymentIds: [] };
    const selections = payableSelectionsOf(chosen, locked!);
    if (selections.some((s) => s.companyId !== companyId)) throw scope ? notFound(INVOICE_MESSAGES.notFound) : fieldError('invoices', BALANCE_MESSAGES.mixedCompanies);
    const totalCents = selections.reduce((sum, s) => sum + s.amountCents, 0);
    const reference = `Invoice ${selections.map((s) => `#${s.invoiceNumber}`).join(', ')}`;
    const paid = await recordBalancePayments(tx, actor, {
      companyId, companyName: company.name, companyEmail: company.email, airportName: readSetting(settings, 'AIRPORT_NAME'), today, selections,
      ledger: {
        ledgerCompanyId: companyId, debitCents: totalCents, debitDate: today, debitReference: reference, debitBy: actor.user?.id ?? null,
        answerKey: key, answerMessage: BALANCE_MESSAGES.paid,
      },
    });
    // The statement applies the rule; the rule's own function must agree.
    if (!!paid.debitId !== hasSufficientFunds(paid.balanceCents, totalCents)) throw new Error('The funds check disagrees with hasSufficientFunds');
    if (!paid.debitId) throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);
    const answer = { message: BALANCE_MESSAGES.paid, balance: fromCents(paid.balanceCents - totalCents), paid: fromCents(totalCents) };
    return { answer: { status: 200, body: answer }, paymentIds: paid.paymentIds };
  });
}
