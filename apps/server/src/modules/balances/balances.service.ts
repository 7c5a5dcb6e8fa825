import { eq, sql } from 'drizzle-orm';
import {
  BALANCE_MESSAGES, INVOICE_MESSAGES, calendarDate, fromCents, hasSufficientFunds, maskAccountNumber, readSetting, toCents,
  type TBalanceRecordCreate, type TPayFromBalance,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { companies } from '../companies/index';
import { invoices, lockPayableSelections } from '../invoices/index';
import { recordBalancePayments } from '../payments/index';
import { loadSystemSettings } from '../settings/index';
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
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  return !!row;
}

/** Add Record (Company admins only): the account number is stored masked. */
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
      accountNumMasked: maskAccountNumber(input.accountNum),
      routingNum: input.routingNum,
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
 * Pay from balance, one operation (PRODUCT-RULES 6). Before the transaction: the settings it needs
 * (airport date and name). Then one transaction of a fixed number of statements, however many
 * invoices: lock the ledger row of the invoices' company (within the caller's scope), lock the invoices and all selected lines in one read and check they are
 * that company's and unpaid (`lockPayableSelections`), check funds (balance >= total), write the
 * Debit, and let payments write one payment (receipt) per invoice, the lines 'PAID BY BALANCE',
 * the audit rows and the receipt e-mails (`recordBalancePayments`). Concurrent requests for one
 * company queue on the ledger lock, so the balance never goes below zero and a line is paid once.
 * Returns the payment ids for `requestReceiptPdfs` (after commit).
 */
export async function payFromBalance(db: Db, actor: AuditActor, body: TPayFromBalance, scope: string | null) {
  const invoiceIds = Object.keys(body).sort();
  const settings = await loadSystemSettings(db, ['TIME_ZONE', 'AIRPORT_NAME']);
  const today = calendarDate(new Date(), readSetting(settings, 'TIME_ZONE'));

  return db.transaction(async (tx) => {
    // The ledger of the first invoice's company (in scope); the others must be that company's too.
    const owner = sql`(select ${invoices.companyId} from ${invoices} where ${invoices.id} = ${invoiceIds[0]}${scope ? sql` and ${invoices.companyId} = ${scope}` : sql``})`;
    const [company] = await tx.select({ id: companies.id, email: companies.email }).from(companies).where(eq(companies.id, owner)).for('update');
    if (!company) throw notFound(INVOICE_MESSAGES.notFound);
    const companyId = company.id;
    const selections = await lockPayableSelections(tx, invoiceIds.map((invoiceId) => ({ invoiceId, lineIds: body[invoiceId]! })));
    if (selections.some((s) => s.companyId !== companyId)) throw scope ? notFound(INVOICE_MESSAGES.notFound) : fieldError('invoices', BALANCE_MESSAGES.mixedCompanies);
    const totalCents = selections.reduce((sum, s) => sum + s.amountCents, 0);
    const balance = await companyBalanceCents(tx, companyId);
    if (!hasSufficientFunds(balance, totalCents)) throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);
    const [debit] = await tx
      .insert(balanceRecords)
      .values({
        companyId,
        accountNumMasked: '****',
        routingNum: '',
        amountCents: totalCents,
        type: 'Debit',
        dateApplied: today,
        reference: `Invoice ${selections.map((s) => `#${s.invoiceNumber}`).join(', ')}`,
        createdBy: actor.user?.id ?? null,
      })
      .returning();
    await recordAudit(tx, actor, { action: 'create', entity: 'balanceRecord', entityId: debit!.id, after: debit! });
    const paymentIds = await recordBalancePayments(tx, actor, {
      companyId, companyEmail: company.email, airportName: readSetting(settings, 'AIRPORT_NAME'), debitId: debit!.id, today, selections,
    });
    return { message: BALANCE_MESSAGES.paid, balance: fromCents(balance - totalCents), paid: fromCents(totalCents), paymentIds };
  });
}
