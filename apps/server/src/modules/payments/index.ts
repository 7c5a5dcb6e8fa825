import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createPaymentProvider, type PaymentProvider } from '../../platform/payments/index';
import { paymentsRoutes } from './payments.routes';
import { RECEIPT_PDF_JOB, RECEIPT_PDF_JOB_OPTIONS, attachReceiptPdfs, flushReceiptPdfRequests, provideReceiptPdfSender, requestReceiptPdfs } from './receipts';
import { CARD_RECONCILE_JOB, createCardEngine, reconcileCardAttempts } from './card-payments';
import { CARD_PAYABLES, type CardEngine } from './card-payable';
import { invoicePayable } from './invoice-payable';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider of this app (test mode by default; Square when configured). */
    paymentProvider: PaymentProvider;
    /** The one card-payment engine of this app (database, provider, plug-ins), for modules' routes and tests. */
    cardPayments: CardEngine;
  }
}

/** Payments and receipts: the module's public door. */
export async function registerPayments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = createPaymentProvider(ctx.config);
  app.decorate('paymentProvider', provider);
  if (provider.testMode) ctx.log.info({ provider: provider.name }, 'card payments in test mode');
  const cardPayments = createCardEngine(ctx.db, provider, ctx.plugins);
  app.decorate('cardPayments', cardPayments);
  // Invoice lines are paid for here (payments already depends on invoices); tie-downs and the wait list provide their own.
  ctx.plugins.provide(CARD_PAYABLES, 'invoice', invoicePayable);
  provideReceiptPdfSender(ctx);
  await paymentsRoutes(app, ctx, cardPayments);
  // Receipt PDFs are CPU work: a worker renders them off the request path (see receipts.ts).
  ctx.jobs.work<{ paymentIds: string[] }>(RECEIPT_PDF_JOB, (data) => attachReceiptPdfs(ctx.db, ctx.files, data.paymentIds), RECEIPT_PDF_JOB_OPTIONS);
  // Receipt-PDF requests still in this instance's coalescing window go out before it stops.
  app.addHook('onClose', async () => flushReceiptPdfRequests(ctx));
  // Card attempts a crash left in flight, whatever they paid for: finished or voided from what the provider says.
  ctx.jobs.schedule(CARD_RECONCILE_JOB, '*/5 * * * *', async () => {
    const run = await reconcileCardAttempts(cardPayments);
    requestReceiptPdfs(ctx, run.paid.flatMap((paid) => (paid.purpose === 'invoice' && paid.paymentId ? [paid.paymentId] : [])));
    if (run.stuck.length) ctx.log.error({ stuck: run.stuck }, 'card attempts the job could not finish (tried again next run)');
    if (run.paid.length || run.voided || run.refunded) ctx.log.info({ paid: run.paid.length, voided: run.voided, refunded: run.refunded }, 'card attempts reconciled');
  });
}

export { loadReceipt, requestReceiptPdfs } from './receipts';
export { balancePaymentsRecorder, type LedgerDebitCtes } from './balance-payments';
export { CARD_PAYABLES, type CardEngine, type CardPayable } from './card-payable';
export { recordCardPayment } from './card-payment-record';
export { deleteImportedPayments, insertImportedPayments, paymentsByIds, type NewImportedPayment } from './payment-import-store';
export { collectedBetween, firstPaymentYear, paymentTotalsByCompany, paymentsByMethod, paymentsCollectedByBucket } from './report-facts';
