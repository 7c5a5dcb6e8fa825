import { maskAccountNumber, type TManualPayment } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { lockPayableLines, markLinesPaid, publishInvoiceEvents } from '../invoices/index';
import { queueReceiptMail } from './receipts';
import { payments } from './payments.table';

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
  // Invoices/Updated (new amount due, maybe Paid) in the payment's transaction.
  await publishInvoiceEvents(tx, [invoiceId], 'Updated');
  await queueReceiptMail(tx, payment!.id);
  return payment!.id;
}
