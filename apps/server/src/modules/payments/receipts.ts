import { inArray } from 'drizzle-orm';
import { formatDate, formatMoney, fromCents, readSetting, type TPaymentKind, type TReceipt } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { createBatchedSender, type BatchedSender } from '../../platform/jobs/index';
import { oneSlot } from '../../platform/plugins/registry';
import { attachToQueuedMail, queueMail, refsAwaitingAttachments, type OutgoingMail } from '../../platform/mail/index';
import { findCompaniesByIds } from '../companies/index';
import type { FileStorage } from '../../platform/files/index';
import { currentAirportLetterhead, type Letterhead } from '../../platform/tenancy/index';
import { drawLetterhead, drawLines, findInvoiceNumbers, listLinesPaidByPayments, renderPdf } from '../invoices/index';
import { loadSystemSettings } from '../settings/index';
import { payments, type PaymentRow } from './payments.table';

interface PaymentFacts {
  payment: PaymentRow;
  invoiceNumber: number;
  tenantName: string;
  tenantEmail: string;
}

/**
 * Payments and what a receipt prints of their invoices and companies, for a whole batch in three
 * queries (each read through its owner's door, docs/adr/0004). Payments not there or outside the
 * scope are left out.
 */
async function loadPaymentFacts(db: DbOrTx, paymentIds: readonly string[], scope: string | null): Promise<Map<string, PaymentFacts>> {
  const facts = new Map<string, PaymentFacts>();
  if (paymentIds.length === 0) return facts;
  const rows = (await db.select().from(payments).where(inArray(payments.id, [...paymentIds]))).filter((p) => !scope || p.companyId === scope);
  const [numbers, companies] = [await findInvoiceNumbers(db, rows.map((p) => p.invoiceId)), await findCompaniesByIds(db, rows.map((p) => p.companyId))];
  for (const payment of rows) {
    const invoiceNumber = numbers.get(payment.invoiceId);
    const company = companies.get(payment.companyId);
    if (invoiceNumber !== undefined && company) facts.set(payment.id, { payment, invoiceNumber, tenantName: company.name, tenantEmail: company.email });
  }
  return facts;
}

/** Receipts of many payments (a payment is its own receipt: the payment, its invoice and company, and the lines it paid). */
async function loadReceipts(db: DbOrTx, paymentIds: readonly string[], scope: string | null): Promise<Map<string, TReceipt>> {
  const facts = await loadPaymentFacts(db, paymentIds, scope);
  const lines = await listLinesPaidByPayments(db, [...facts.keys()]);
  const receipts = new Map<string, TReceipt>();
  for (const [id, { payment: p, invoiceNumber, tenantName }] of facts) {
    receipts.set(id, {
      _id: p.id,
      receiptNumber: p.receiptNumber,
      invoiceId: p.invoiceId,
      invoiceNumber,
      tenantId: p.companyId,
      tenantName,
      amount: fromCents(p.amountCents),
      method: p.method as TPaymentKind,
      reference: p.providerRef,
      accountName: p.accountName,
      accountNumber: p.accountNumberMasked,
      details: p.details,
      paymentDate: p.paymentDate,
      createdAt: p.createdAt.toISOString(),
      lineItems: (lines.get(id) ?? []).map((l) => ({ _id: l.id, name: l.name, description: l.description, charges: fromCents(l.chargesCents), amount: l.amount, total: fromCents(l.chargesCents * l.amount) })),
    });
  }
  return receipts;
}

/** One payment's receipt; null when the payment is not there or outside the scope. */
export async function loadReceipt(db: DbOrTx, paymentId: string, scope: string | null): Promise<TReceipt | null> {
  return (await loadReceipts(db, [paymentId], scope)).get(paymentId) ?? null;
}

const METHOD_LABELS: Record<TPaymentKind, string> = { card: 'Card', cash: 'Cash', check: 'Check', balance: 'Account balance' };

export function renderReceiptPdf(receipt: TReceipt, letterhead: Letterhead): Promise<Buffer> {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return renderPdf((doc) => {
    drawLetterhead(doc, letterhead);
    doc.fontSize(14).text(`Receipt #${receipt.receiptNumber}`).moveDown(0.5);
    doc.fontSize(10);
    doc.text(`Tenant: ${receipt.tenantName}`);
    doc.text(`Invoice #${receipt.invoiceNumber}`);
    doc.text(`Payment Date: ${formatDate(receipt.paymentDate)}`);
    doc.text(`Method: ${METHOD_LABELS[receipt.method]}${receipt.accountNumber ? ` ${receipt.accountNumber}` : ''}${receipt.reference ? ` (ref. ${receipt.reference})` : ''}`);
    if (receipt.accountName) doc.text(`Paid By: ${receipt.accountName}`);
    drawLines(doc, receipt.lineItems.map((l) => ({ name: l.name, description: l.description, chargesCents: cents(l.charges), amount: l.amount })));
    doc.font('Helvetica-Bold').text(`Amount Paid: ${formatMoney(cents(receipt.amount))}`, 50);
  });
}

/**
 * The tenant's receipt e-mail (to the company's e-mail), queued in the payment's transaction so
 * it is never lost. Rendering the PDF takes far longer than the payment itself, so it is neither
 * done under the payment's row locks nor on the request path: the mail is held briefly, and after
 * commit `requestReceiptPdfs` asks a job to run `attachReceiptPdfs`, which adds the PDF and
 * releases the mail. If that never happens (a crash), the text receipt still goes out when the
 * hold ends, and the receipt page has the PDF.
 */
export async function queueReceiptMail(tx: DbOrTx, paymentId: string): Promise<void> {
  const facts = (await loadPaymentFacts(tx, [paymentId], null)).get(paymentId);
  if (!facts?.tenantEmail) return;
  const { payment } = facts;
  const airportName = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  await queueMail(tx, receiptMail({ paymentId, receiptNumber: payment.receiptNumber, invoiceNumber: facts.invoiceNumber, amountCents: payment.amountCents, paymentDate: payment.paymentDate }, facts.tenantEmail, airportName));
}

/** What a receipt e-mail says: known when the payment is written, so a batch needs no reads. */
export interface ReceiptMailFacts {
  paymentId: string;
  /** A string only as a placeholder a composed statement fills in (`balance-payments.ts`). */
  receiptNumber: number | string;
  invoiceNumber: number;
  amountCents: number;
  paymentDate: string;
}

export function receiptMail(facts: ReceiptMailFacts, email: string, airportName: string): OutgoingMail {
  return {
    to: [email],
    subject: `${airportName}: receipt #${facts.receiptNumber} for invoice #${facts.invoiceNumber}`,
    text: `Thank you. We received ${formatMoney(facts.amountCents)} for invoice #${facts.invoiceNumber} on ${formatDate(facts.paymentDate)}. The receipt is attached.`,
    kind: 'payment-receipt',
    ref: receiptRef(facts.paymentId),
    holdSeconds: RECEIPT_PDF_HOLD_SECONDS,
  };
}

/** How long a receipt e-mail waits for its PDF before it goes out without one. */
export const RECEIPT_PDF_HOLD_SECONDS = 120;

export const RECEIPT_PDF_JOB = 'receipt-pdf';
/**
 * The PDF job fetches up to 50 receipts per poll and polls every second, so one instance keeps up
 * with about 100 payments a second (one job per poll managed 0.6 a second across two instances);
 * 50 PDFs take well under the 5-minute expiry.
 */
export const RECEIPT_PDF_JOB_OPTIONS = { batchSize: 50, pollingIntervalSeconds: 1, expireInSeconds: 5 * 60 } as const;

const receiptRef = (paymentId: string) => `payment:${paymentId}`;

/** This app's coalescer of receipt-PDF requests (one job per ~100 ms window, not per payment): made once by `registerPayments`. */
const RECEIPT_PDF_SENDER = oneSlot<BatchedSender>('payments.receipt-pdf-sender');

/** Made once per app when payments registers; every request of the app shares it. */
export function provideReceiptPdfSender(ctx: Pick<AppContext, 'jobs' | 'log' | 'plugins'>): void {
  ctx.plugins.provide(RECEIPT_PDF_SENDER, 'payments', createBatchedSender(ctx.jobs, RECEIPT_PDF_JOB, (paymentIds) => ({ paymentIds }), { log: ctx.log }));
}

/**
 * After commit: ask for the receipts' PDFs. Requests of the same moment share one job (a busy
 * server would otherwise add a queue insert to every payment); the job skips receipts whose
 * e-mail already has its PDF or has gone, so asking twice (a card payment answered again for its
 * idempotency key) renders nothing twice. Losing a request (a crash before the window closes)
 * only means a text-only receipt e-mail; the receipt page renders the PDF on demand.
 */
export function requestReceiptPdfs(ctx: Pick<AppContext, 'plugins'>, paymentIds: readonly string[]): void {
  ctx.plugins.one(RECEIPT_PDF_SENDER).add(paymentIds);
}

/** Send the receipt-PDF requests still waiting in this app's window (on shutdown). */
export async function flushReceiptPdfRequests(ctx: Pick<AppContext, 'plugins'>): Promise<void> {
  await ctx.plugins.one(RECEIPT_PDF_SENDER).flush();
}

/**
 * The job: render the PDF of each receipt whose e-mail still waits for it, attach it and release
 * the e-mail. What it reads is read for the whole batch at once (settings, which e-mails wait,
 * the receipts); each PDF is then rendered and attached on its own, outside any transaction.
 */
export async function attachReceiptPdfs(db: DbOrTx, files: FileStorage, paymentIds: readonly string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const waiting = await refsAwaitingAttachments(db, paymentIds.map(receiptRef));
  const due = paymentIds.filter((id) => waiting.has(receiptRef(id)));
  if (due.length === 0) return;
  const letterhead = await currentAirportLetterhead(db, files);
  const receipts = await loadReceipts(db, due, null);
  for (const receipt of receipts.values()) {
    const pdf = await renderReceiptPdf(receipt, letterhead);
    await attachToQueuedMail(db, { ref: receiptRef(receipt._id) }, [
      { filename: `receipt-${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]);
  }
}
