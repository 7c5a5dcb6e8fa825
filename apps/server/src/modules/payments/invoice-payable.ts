import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@apron/core';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors/app-error';
import { lockInvoice, lockLinesIfUnpaid, lockPayableLines, publishInvoiceEvents, type InvoiceScope } from '../invoices/index';
import type { CardPayable } from './card-payable';
import { recordCardPayment } from './card-payment-record';
import { queueReceiptMail } from './receipts';
import { payments } from './payments.table';

/** Pay Online: lines of one invoice, as the caller (tenant, staff or pay link) may see it. */
export interface InvoiceOrder {
  invoiceId: string;
  scope: InvoiceScope;
  lineIds: string[];
}

export const CARD_MESSAGES = {
  refunded: 'A selected line was paid meanwhile; the card charge was refunded.',
  refunding: 'A selected line was paid meanwhile; the card charge is being refunded.',
  review: 'A selected line was paid meanwhile; the card charge will be refunded by our staff.',
  refundReason: 'The selected invoice lines were paid meanwhile.',
} as const;

/**
 * The invoice plug-in of the card engine: the invoice is locked first (then its lines), the figure
 * is the selected unpaid lines' total today, and on approval the payment (= receipt), the paid
 * lines, the audit, Invoices/Updated and the receipt e-mail are written - unless a line was paid
 * meanwhile or the invoice cancelled ('taken': the engine refunds the charge).
 */
export const invoicePayable: CardPayable<InvoiceOrder> = {
  async open(tx, order) {
    const invoice = await lockInvoice(tx, order.invoiceId, order.scope);
    return {
      note: `Invoice #${invoice.invoiceNumber}`,
      isSameOrder: (attempt) => attempt.invoiceId === order.invoiceId,
      // Paid with this key before attempts were kept.
      paidBefore: async (idempotencyKey) => {
        const [earlier] = await tx.select({ id: payments.id, invoiceId: payments.invoiceId, amountCents: payments.amountCents }).from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
        if (!earlier) return null;
        if (earlier.invoiceId !== order.invoiceId) throw new AppError('CONFLICT', PAYMENT_MESSAGES.idempotencyReused);
        return { purpose: 'invoice', resultId: earlier.id, paymentId: earlier.id, amountCents: earlier.amountCents };
      },
      price: async () => {
        const { amountCents } = await lockPayableLines(tx, order.invoiceId, order.lineIds, order.scope);
        return { amountCents, invoiceId: invoice.id, companyId: invoice.companyId, lineIds: [...new Set(order.lineIds)].sort() };
      },
    };
  },
  async relock(tx, attempt) {
    await lockInvoice(tx, attempt.invoiceId!, null);
  },
  async fulfil(tx: Tx, actor, attempt, providerRef) {
    const invoice = await lockInvoice(tx, attempt.invoiceId!, null);
    const lineIds = attempt.lineIds!;
    if (invoice.status === 'Cancelled' || !(await lockLinesIfUnpaid(tx, invoice.id, lineIds))) return 'taken';
    const { paymentId } = await recordCardPayment(tx, actor, {
      invoiceId: invoice.id, companyId: invoice.companyId, lineIds, amountCents: attempt.amountCents, provider: attempt.provider, providerRef,
      idempotencyKey: attempt.idempotencyKey, createdBy: attempt.createdBy,
    });
    // Invoices/Updated with the paid invoice's new figures, only when the payment is recorded.
    await publishInvoiceEvents(tx, [invoice.id], 'Updated');
    await queueReceiptMail(tx, paymentId);
    return { resultId: paymentId, paymentId };
  },
  refundMessages: { refunded: CARD_MESSAGES.refunded, refunding: CARD_MESSAGES.refunding, review: CARD_MESSAGES.review, reason: CARD_MESSAGES.refundReason },
};
