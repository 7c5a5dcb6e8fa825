import { eq } from 'drizzle-orm';
import { maskAccountNumber, PAYMENT_MESSAGES, type TManualPayment } from '@apron/core';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/errors/app-error';
import type { PaymentProvider } from '../../platform/payments/provider';
import { airportToday, lockInvoice, lockPayableLines, markLinesPaid, type InvoiceScope } from '../invoices/index';
import { queueReceiptMail } from './receipts';
import { payments } from './payments.table';

export interface CardPaymentRequest {
  invoiceId: string;
  scope: InvoiceScope;
  lineIds: string[];
  sourceToken: string;
  idempotencyKey: string;
}

/**
 * Pay Online (PRODUCT-RULES 4), one transaction:
 * 1. lock the invoice (`FOR UPDATE`): a double click or a retry waits here for the first request;
 * 2. a payment with this idempotency key already exists -> return it (charged once);
 * 3. lock the selected lines, check they are unpaid and on this invoice, sum them: the figure;
 * 4. charge the provider that figure with the same key (a provider answers a repeated key with
 *    its first result, so a crash between charge and commit is healed by the client's retry);
 * 5. approved -> payment row (= receipt), paid lines, totals and status, receipt e-mail; commit.
 * A decline or an error throws, so the transaction rolls back and nothing changes.
 */
export async function payByCard(db: Db, provider: PaymentProvider, actor: AuditActor, request: CardPaymentRequest): Promise<string> {
  return db.transaction(async (tx) => {
    await lockInvoice(tx, request.invoiceId, request.scope);
    const [existing] = await tx.select().from(payments).where(eq(payments.idempotencyKey, request.idempotencyKey));
    if (existing) {
      if (existing.invoiceId !== request.invoiceId) throw new AppError('CONFLICT', PAYMENT_MESSAGES.idempotencyReused);
      return existing.id;
    }
    const { invoice, amountCents } = await lockPayableLines(tx, request.invoiceId, request.lineIds, request.scope);
    const result = await provider.charge({
      amountCents,
      sourceToken: request.sourceToken,
      idempotencyKey: request.idempotencyKey,
      note: `Invoice #${invoice.invoiceNumber}`,
    });
    if (result.status === 'declined') throw new AppError('UNPROCESSABLE', result.message || PAYMENT_MESSAGES.declined);
    if (result.status !== 'approved') throw new AppError('UNAVAILABLE', result.message || PAYMENT_MESSAGES.providerError);
    const today = await airportToday(tx);
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        amountCents,
        method: 'card',
        provider: provider.name,
        providerRef: result.reference,
        idempotencyKey: request.idempotencyKey,
        paymentDate: today,
        createdBy: actor.user?.id ?? null,
      })
      .returning();
    await markLinesPaid(tx, invoice.id, request.lineIds, payment!.id, payment!.id, today);
    await recordAudit(tx, actor, { action: 'create', entity: 'payment', entityId: payment!.id, after: { ...payment!, lineIds: request.lineIds } });
    await queueReceiptMail(tx, payment!.id);
    return payment!.id;
  });
}

/**
 * Manual Payment (Invoices admins, PRODUCT-RULES 5): Cash (Paid By / Cash Details / Comments) or
 * Check (Account Name / Account Number / Routing Number). Only the last four digits of a check's
 * account number are stored.
 */
export async function payManually(tx: Tx, actor: AuditActor, invoiceId: string, input: TManualPayment): Promise<string> {
  const { invoice, amountCents } = await lockPayableLines(tx, invoiceId, input.lineIds, null);
  const isCash = input.accountType;
  const [payment] = await tx
    .insert(payments)
    .values({
      companyId: invoice.companyId,
      invoiceId,
      amountCents,
      method: isCash ? 'cash' : 'check',
      accountName: input.accountName,
      accountNumberMasked: isCash ? null : maskAccountNumber(input.accountDetails),
      routingNum: isCash ? null : input.confirmation,
      details: isCash ? `${input.accountDetails} / ${input.confirmation}` : null,
      paymentDate: input.paymentDate,
      createdBy: actor.user?.id ?? null,
    })
    .returning();
  // One date everywhere: the invoice's Payment Date is the date entered, as on the receipt.
  await markLinesPaid(tx, invoiceId, input.lineIds, payment!.id, payment!.id, input.paymentDate);
  await recordAudit(tx, actor, { action: 'create', entity: 'payment', entityId: payment!.id, after: { ...payment!, lineIds: input.lineIds } });
  await queueReceiptMail(tx, payment!.id);
  return payment!.id;
}
