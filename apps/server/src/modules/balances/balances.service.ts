import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BALANCE_MESSAGES, INVOICE_MESSAGES, calendarDate, fromCents, hasSufficientFunds, maskAccountNumber, readSetting, toCents,
  type TBalanceRecord, type TBalanceRecordCreate, type TPayFromBalance, type TPayFromBalanceResult,
} from '@apron/core';
import type { Database, Db, DbOrTx, Tx } from '../../db/client';
import { createdRowChangesSql, recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { cte, preparedStatement, type Slots } from '../../db/prepared';
import {
  answerFor, findIdempotentAnswer, idempotentAnswerInsertCte, saveIdempotentAnswer, storedAnswerSql, type IdempotentAnswer,
} from '../../platform/idempotency/index';
import type { PluginScope } from '../../platform/plugins/registry';
import { lockCompany, lockCompanyCte } from '../companies/index';
import { invoiceCompanyIdSql, lockSelectionsCtes, payableSelectionsOf, selectionIds } from '../invoices/index';
import { balancePaymentsRecorder, type LedgerDebitCtes } from '../payments/index';
import { loadSystemSettingsCached } from '../settings/index';
import { presentRecord } from './balances.presenter';
import { balanceRecords } from './balances.table';

/** Balance = sum of Credits - sum of Debits, in SQL (PRODUCT-RULES 7): over a company's records. */
const balanceCentsSql = sql<string>`coalesce(sum(case when ${balanceRecords.type} = 'Credit' then ${balanceRecords.amountCents} else -${balanceRecords.amountCents} end), 0)`;

export async function companyBalanceCents(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ balance: balanceCentsSql }).from(balanceRecords).where(eq(balanceRecords.companyId, companyId));
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

/** The values of the ledger's placeholders in pay from balance's statement (`debitCtes`). */
interface DebitValues extends Record<string, unknown> {
  ledgerCompanyId: string;
  debitCents: number;
  debitDate: string;
  debitReference: string;
  debitBy: string | null;
  /** The Idempotency-Key and the answer (JSON) kept with the Debit. */
  answerKey: string;
  answerBody: string;
}

/**
 * The ledger's CTEs of pay from balance's one statement (`balancePaymentsRecorder`): the Debit
 * (`debit`; the funds were checked by `hasSufficientFunds` under the ledger's lock) and, with it,
 * the request's answer for its Idempotency-Key (`answered`), so pay from balance stays one
 * statement of writes. The Debit's audit is what `recordAudit` stores for the row.
 */
function debitCtes(slot: Slots<DebitValues>): LedgerDebitCtes {
  const debit = alias(balanceRecords, 'debit');
  return {
    ctes: [
      cte('debit', sql`
        insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference, created_by)
        values (${slot('ledgerCompanyId')}::uuid, '****', '', ${slot('debitCents')}::bigint, 'Debit', ${slot('debitDate')}::date, ${slot('debitReference')}::text, ${slot('debitBy')}::uuid)
        returning *`),
      idempotentAnswerInsertCte(
        'answered',
        PAY_FROM_BALANCE,
        slot('answerKey'),
        sql`select ${slot('ledgerCompanyId')}::uuid as owner_id, 200 as status, ${slot('answerBody')}::jsonb as body`,
      ),
    ],
    audit: sql`select 'create' as action, 'balanceRecord' as entity, debit.id::text as entity_id, ${createdRowChangesSql(debit)} as changes from debit`,
  };
}

const recordBalancePayments = balancePaymentsRecorder<DebitValues>(debitCtes);

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
const lockPayment = preparedStatement('apron_pay_from_balance_lock', (slot: Slots<LockValues>) => {
  const selections = lockSelectionsCtes('payer', { invoiceIds: slot('invoiceIds'), lineIds: slot('lineIds') });
  return {
    with: [lockCompanyCte('payer', invoiceCompanyIdSql(slot('firstInvoiceId'), slot('scope'))), ...selections.ctes],
    select: { id: sql<string>`payer.id`, name: sql<string>`payer.name`, email: sql<string>`payer.email`, invoices: selections.invoices, lines: selections.lines },
    from: sql`payer`,
  };
});

interface LedgerValues extends Record<string, unknown> {
  companyId: string;
  key: string;
}

/**
 * The company's balance and the key's first answer, in one statement run after the ledger's lock
 * (its snapshot sees every Debit and answer committed before the lock was granted).
 */
const ledgerAfterLockStatement = preparedStatement('apron_pay_from_balance_ledger', (slot: Slots<LedgerValues>) => ({
  with: [cte('ledger', sql`select ${balanceCentsSql} as balance from ${balanceRecords} where ${balanceRecords.companyId} = ${slot('companyId')}::uuid`)],
  select: { balance: sql<string>`ledger.balance`, storedAnswer: storedAnswerSql(PAY_FROM_BALANCE, slot('key')) },
  from: sql`ledger`,
}));

async function ledgerAfterLock(tx: Tx, companyId: string, key: string) {
  const [row] = await ledgerAfterLockStatement(tx, { companyId, key });
  return { balanceCents: Number(row!.balance), first: answerFor<TPayFromBalanceResult>(row!.storedAnswer, companyId) };
}

export interface PaidFromBalance {
  answer: IdempotentAnswer<TPayFromBalanceResult>;
  paymentIds: string[];
}

/**
 * Pay from balance, one operation (PRODUCT-RULES 6). Before the transaction: the settings it needs
 * (airport date and name; cached for a few seconds, this runs hundreds of times a second). Then
 * one transaction (`Database.transaction`: on PostgreSQL each statement is prepared once per
 * connection, not rendered per payment) of four statements however many invoices, each a named
 * prepared statement: one locking read of the ledger row of the invoices' company (within the caller's scope), the
 * invoices and all selected lines (checked to be that company's and unpaid,
 * `payableSelectionsOf`); the balance and the Idempotency-Key's first answer (a replay gets it,
 * PRODUCT-RULES 29); the funds check (`hasSufficientFunds`, the only one); then ONE statement
 * (`recordBalancePayments`, with this module's Debit, `debitCtes`) that writes the Debit, one
 * payment (receipt) per invoice, the lines 'PAID BY BALANCE', the invoices' totals, the audit
 * rows, the receipt e-mails and the key's answer, and one more the invoices' events. Concurrent
 * requests for one company queue on the ledger lock, so the balance never goes below zero and a
 * line is paid once. Returns the answer and the payment ids for `requestReceiptPdfs` (after
 * commit; none for a replay).
 */
export async function payFromBalance(app: PluginScope, database: Pick<Database, 'transaction'>, actor: AuditActor, body: TPayFromBalance, scope: string | null, key: string): Promise<PaidFromBalance> {
  const invoiceIds = Object.keys(body).sort();
  const chosen = invoiceIds.map((invoiceId) => ({ invoiceId, lineIds: body[invoiceId]! }));
  const settings = await loadSystemSettingsCached(app);
  const today = calendarDate(new Date(), readSetting(settings, 'TIME_ZONE'));

  return database.transaction(async (tx) => {
    // The ledger of the first invoice's company (in scope); the others must be that company's too.
    const [company] = await lockPayment(tx, { firstInvoiceId: invoiceIds[0]!, scope, ...selectionIds(chosen) });
    if (!company) throw notFound(INVOICE_MESSAGES.notFound);
    const companyId = company.id;
    const { balanceCents, first } = await ledgerAfterLock(tx, companyId, key);
    if (first) return { answer: first, paymentIds: [] };
    const selections = payableSelectionsOf(chosen, company);
    if (selections.some((s) => s.companyId !== companyId)) throw scope ? notFound(INVOICE_MESSAGES.notFound) : fieldError('invoices', BALANCE_MESSAGES.mixedCompanies);
    const totalCents = selections.reduce((sum, s) => sum + s.amountCents, 0);
    if (!hasSufficientFunds(balanceCents, totalCents)) throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);
    const answer = { message: BALANCE_MESSAGES.paid, balance: fromCents(balanceCents - totalCents), paid: fromCents(totalCents) };
    const reference = `Invoice ${selections.map((s) => `#${s.invoiceNumber}`).join(', ')}`;
    const paid = await recordBalancePayments(tx, actor, {
      companyId, companyName: company.name, companyEmail: company.email, airportName: readSetting(settings, 'AIRPORT_NAME'), today, selections,
      ledger: {
        ledgerCompanyId: companyId, debitCents: totalCents, debitDate: today, debitReference: reference, debitBy: actor.user?.id ?? null,
        answerKey: key, answerBody: JSON.stringify(answer),
      },
    });
    return { answer: { status: 200, body: answer }, paymentIds: paid.paymentIds };
  });
}
