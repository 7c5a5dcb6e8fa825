import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createPaymentProvider, type PaymentProvider } from '../../platform/payments/index';
import { paymentsRoutes } from './payments.routes';
import { RECEIPT_PDF_JOB, RECEIPT_PDF_JOB_OPTIONS, attachReceiptPdfs, flushReceiptPdfRequests, requestReceiptPdfs } from './receipts';
import { CARD_RECONCILE_JOB, reconcileCardAttempts } from './card-payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider of this app (test mode by default; Square when configured). */
    paymentProvider: PaymentProvider;
  }
}

/** Payments and receipts: the module's public door. */
export async function registerPayments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = createPaymentProvider(ctx.config);
  app.decorate('paymentProvider', provider);
  if (provider.testMode) ctx.log.info({ provider: provider.name }, 'card payments in test mode');
  await paymentsRoutes(app, ctx, provider);
  // Receipt PDFs are CPU work: a worker renders them off the request path (see receipts.ts).
  ctx.jobs.work<{ paymentIds: string[] }>(RECEIPT_PDF_JOB, (data) => attachReceiptPdfs(ctx.db, data.paymentIds), RECEIPT_PDF_JOB_OPTIONS);
  // Receipt-PDF requests still in this instance's coalescing window go out before it stops.
  app.addHook('onClose', async () => flushReceiptPdfRequests(ctx));
  // Card attempts a crash left in flight: finished or voided from what the provider says.
  ctx.jobs.schedule(CARD_RECONCILE_JOB, '*/5 * * * *', async () => {
    const run = await reconcileCardAttempts(ctx.db, provider);
    requestReceiptPdfs(ctx, run.paymentIds);
    if (run.paymentIds.length || run.voided || run.refunded) ctx.log.info({ paid: run.paymentIds.length, voided: run.voided, refunded: run.refunded }, 'card attempts reconciled');
  });
}

export { loadReceipt, requestReceiptPdfs } from './receipts';
export { balancePaymentsRecorder, type LedgerDebitCtes } from './balance-payments';
export { recordCardPayment } from './card-payment-record';
export { collectedBetween, firstPaymentYear, paymentTotalsByCompany, paymentsByMethod, paymentsCollectedByBucket } from './report-facts';
