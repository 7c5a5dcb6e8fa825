import { eq, sql } from 'drizzle-orm';
import {
  BALANCE_MESSAGES, INVOICE_MESSAGES, calendarDate, fromCents, hasSufficientFunds, maskAccountNumber, readSetting, toCents,
  type TBalanceRecordCreate, type TPayFromBalance,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { lockCompany } from '../companies/index';
import { invoiceCompanyIdSql, lockPayableSelections } from '../invoices/index';
import { recordBalancePayments } from '../payments/index';
import { loadSystemSettingsCached } from '../settings/index';
import { balanceRecords, type BalanceRecordRow } from './balances.table';

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

/** Add Record (Company admins only): Cash with a comment, or Check with its account number stored masked. */
export async function createBalanceRecord(tx: Tx, actor: AuditActor, input: TBalanceRecordCreate) {
  if (!(await lockLedger(tx, input.tenantId))) throw fieldError('tenantId', 'Company not found');
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

/**
 * The funds check and the Debit in one statement, under the ledger lock (the caller holds the
 * company row, so the sum read here is the committed ledger): the Debit is written only when the
 * balance covers it (PRODUCT-RULES 6, `hasSufficientFunds`: balance >= amount > 0). Returns the
 * balance before it and the Debit, or no Debit when the funds are short.
 */
async function insertDebitIfFunded(
  tx: Tx,
  debit: { companyId: string; amountCents: number; dateApplied: string; reference: string; createdBy: string | null },
): Promise<{ balance: number; debit: BalanceRecordRow | null }> {
  const result = await tx.execute(sql`
    with ledger as (
      select coalesce(sum(case when type = 'Credit' then amount_cents else -amount_cents end), 0) as balance
      from balance_records where company_id = ${debit.companyId}::uuid
    ), debit as (
      insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference, created_by)
      select ${debit.companyId}::uuid, '****', '', ${debit.amountCents}::bigint, 'Debit', ${debit.dateApplied}::date, ${debit.reference}::text, ${debit.createdBy}::uuid
      from ledger where ${debit.amountCents}::bigint > 0 and ledger.balance >= ${debit.amountCents}::bigint
      returning id, created_at
    )
    select ledger.balance, debit.id, debit.created_at from ledger left join debit on true`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ balance: string | number; id: string | null; created_at: string | Date | null }>;
  const balance = Number(row!.balance);
  // The statement applies the rule; the rule's own function must agree.
  if (!!row!.id !== hasSufficientFunds(balance, debit.amountCents)) throw new Error('The funds check disagrees with hasSufficientFunds');
  if (!row!.id) return { balance, debit: null };
  return {
    balance,
    debit: {
      id: row!.id, companyId: debit.companyId, accountNumMasked: '****', routingNum: '', amountCents: debit.amountCents, type: 'Debit', dateApplied: debit.dateApplied,
      reference: debit.reference, createdBy: debit.createdBy, createdAt: new Date(row!.created_at!),
    },
  };
}

/**
 * Pay from balance, one operation (PRODUCT-RULES 6). Before the transaction: the settings it needs
 * (airport date and name; cached for a few seconds, this runs hundreds of times a second). Then one transaction of a fixed number of statements, however many
 * invoices: lock the ledger row of the invoices' company (within the caller's scope), lock the invoices and all selected lines in one read and check they are
 * that company's and unpaid (`lockPayableSelections`), check funds and write the Debit in one
 * statement (`insertDebitIfFunded`), and let payments write one payment (receipt) per invoice, the lines 'PAID BY BALANCE',
 * the audit rows and the receipt e-mails (`recordBalancePayments`). Concurrent requests for one
 * company queue on the ledger lock, so the balance never goes below zero and a line is paid once.
 * Returns the payment ids for `requestReceiptPdfs` (after commit).
 */
export async function payFromBalance(db: Db, actor: AuditActor, body: TPayFromBalance, scope: string | null) {
  const invoiceIds = Object.keys(body).sort();
  const settings = await loadSystemSettingsCached(db);
  const today = calendarDate(new Date(), readSetting(settings, 'TIME_ZONE'));

  return db.transaction(async (tx) => {
    // The ledger of the first invoice's company (in scope); the others must be that company's too.
    // Found and locked in one statement: invoices gives the company as a subquery, companies locks it.
    const company = await lockCompany(tx, invoiceCompanyIdSql(invoiceIds[0]!, scope));
    if (!company) throw notFound(INVOICE_MESSAGES.notFound);
    const companyId = company.id;
    const selections = await lockPayableSelections(tx, invoiceIds.map((invoiceId) => ({ invoiceId, lineIds: body[invoiceId]! })));
    if (selections.some((s) => s.companyId !== companyId)) throw scope ? notFound(INVOICE_MESSAGES.notFound) : fieldError('invoices', BALANCE_MESSAGES.mixedCompanies);
    const totalCents = selections.reduce((sum, s) => sum + s.amountCents, 0);
    const reference = `Invoice ${selections.map((s) => `#${s.invoiceNumber}`).join(', ')}`;
    const { balance, debit } = await insertDebitIfFunded(tx, { companyId, amountCents: totalCents, dateApplied: today, reference, createdBy: actor.user?.id ?? null });
    if (!debit) throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);
    const paymentIds = await recordBalancePayments(tx, actor, {
      companyId, companyEmail: company.email, airportName: readSetting(settings, 'AIRPORT_NAME'), debitId: debit.id, today, selections,
      ledgerAudit: { action: 'create', entity: 'balanceRecord', entityId: debit.id, after: debit },
    });
    return { message: BALANCE_MESSAGES.paid, balance: fromCents(balance - totalCents), paid: fromCents(totalCents), paymentIds };
  });
}
