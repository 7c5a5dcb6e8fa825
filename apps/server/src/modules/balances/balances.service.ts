import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BALANCE_MESSAGES, INVOICE_MESSAGES, PAID_BY_BALANCE, fromCents, hasSufficientFunds, maskAccountNumber, toCents,
  type TBalanceRecordCreate, type TPayFromBalance,
} from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { companies } from '../companies/index';
import { airportToday, invoices, lockPayableLines, markLinesPaid } from '../invoices/index';
import { payments, queueReceiptMail } from '../payments/index';
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
 * Pay from balance, one operation (PRODUCT-RULES 6): find the one company of the named invoices
 * (within the caller's scope), lock its ledger row, lock each invoice and its selected lines and
 * check they are that company's and unpaid, check funds (balance >= total), then write the Debit,
 * one payment (receipt) per invoice and the lines 'PAID BY BALANCE' - all in this transaction.
 * Concurrent requests for one company queue on the ledger lock, so the balance never goes below
 * zero and a line is paid once.
 */
export async function payFromBalance(tx: Tx, actor: AuditActor, body: TPayFromBalance, scope: string | null) {
  const invoiceIds = Object.keys(body).sort();
  const owners = await tx
    .select({ id: invoices.id, companyId: invoices.companyId })
    .from(invoices)
    .where(scope ? and(inArray(invoices.id, invoiceIds), eq(invoices.companyId, scope)) : inArray(invoices.id, invoiceIds));
  if (owners.length !== invoiceIds.length) throw notFound(INVOICE_MESSAGES.notFound);
  const companyIds = new Set(owners.map((o) => o.companyId));
  if (companyIds.size !== 1) throw fieldError('invoices', BALANCE_MESSAGES.mixedCompanies);
  const companyId = owners[0]!.companyId;
  await lockLedger(tx, companyId);

  const selections = [];
  for (const invoiceId of invoiceIds) {
    selections.push({ invoiceId, lineIds: body[invoiceId]!, ...(await lockPayableLines(tx, invoiceId, body[invoiceId]!, companyId)) });
  }
  const totalCents = selections.reduce((sum, s) => sum + s.amountCents, 0);
  const balance = await companyBalanceCents(tx, companyId);
  if (!hasSufficientFunds(balance, totalCents)) throw new AppError('UNPROCESSABLE', BALANCE_MESSAGES.insufficientFunds);

  const today = await airportToday(tx);
  const [debit] = await tx
    .insert(balanceRecords)
    .values({
      companyId,
      accountNumMasked: '****',
      routingNum: '',
      amountCents: totalCents,
      type: 'Debit',
      dateApplied: today,
      reference: `Invoice ${selections.map((s) => `#${s.invoice.invoiceNumber}`).join(', ')}`,
      createdBy: actor.user?.id ?? null,
    })
    .returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'balanceRecord', entityId: debit!.id, after: debit! });
  const paymentIds: string[] = [];
  for (const s of selections) {
    const [payment] = await tx
      .insert(payments)
      .values({ companyId, invoiceId: s.invoiceId, amountCents: s.amountCents, method: 'balance', details: `Balance debit ${debit!.id}`, paymentDate: today, createdBy: actor.user?.id ?? null })
      .returning();
    await markLinesPaid(tx, s.invoiceId, s.lineIds, payment!.id, PAID_BY_BALANCE, today);
    await recordAudit(tx, actor, { action: 'create', entity: 'payment', entityId: payment!.id, after: { ...payment!, lineIds: s.lineIds } });
    await queueReceiptMail(tx, payment!.id);
    paymentIds.push(payment!.id);
  }
  return { message: BALANCE_MESSAGES.paid, balance: fromCents(balance - totalCents), paid: fromCents(totalCents), paymentIds };
}
