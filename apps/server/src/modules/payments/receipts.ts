import { eq } from 'drizzle-orm';
import { formatDate, formatMoney, fromCents, readSetting, type TPaymentKind, type TReceipt } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { attachToQueuedMail, isMailAwaitingAttachments, queueMail, type OutgoingMail } from '../../platform/mail/index';
import { findCompany } from '../companies/index';
import { drawLines, findInvoiceNumber, listLinesPaidBy, renderPdf } from '../invoices/index';
import { loadSystemSettings } from '../settings/index';
import { payments, type PaymentRow } from './payments.table';

/**
 * The payment and what a receipt prints of its invoice and company (each read through its
 * owner's door, docs/adr/0004); null when the payment is not there or outside the scope.
 */
async function loadPaymentFacts(db: DbOrTx, paymentId: string, scope: string | null): Promise<{ payment: PaymentRow; invoiceNumber: number; tenantName: string; tenantEmail: string } | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || (scope && payment.companyId !== scope)) return null;
  const invoiceNumber = await findInvoiceNumber(db, payment.invoiceId);
  const company = await findCompany(db, payment.companyId);
  if (invoiceNumber === null || !company) return null;
  return { payment, invoiceNumber, tenantName: company.name, tenantEmail: company.email };
}

/** A payment is its own receipt: the payment, its invoice and company, and the lines it paid. */
export async function loadReceipt(db: DbOrTx, paymentId: string, scope: string | null): Promise<TReceipt | null> {
  const facts = await loadPaymentFacts(db, paymentId, scope);
  if (!facts) return null;
  const lines = await listLinesPaidBy(db, paymentId);
  const p = facts.payment;
  return {
    _id: p.id,
    receiptNumber: p.receiptNumber,
    invoiceId: p.invoiceId,
    invoiceNumber: facts.invoiceNumber,
    tenantId: p.companyId,
    tenantName: facts.tenantName,
    amount: fromCents(p.amountCents),
    method: p.method as TPaymentKind,
    reference: p.providerRef,
    accountName: p.accountName,
    accountNumber: p.accountNumberMasked,
    details: p.details,
    paymentDate: p.paymentDate,
    createdAt: p.createdAt.toISOString(),
    lineItems: lines.map((l) => ({ _id: l.id, name: l.name, description: l.description, charges: fromCents(l.chargesCents), amount: l.amount, total: fromCents(l.chargesCents * l.amount) })),
  };
}

const METHOD_LABELS: Record<TPaymentKind, string> = { card: 'Card', cash: 'Cash', check: 'Check', balance: 'Account balance' };

export function renderReceiptPdf(receipt: TReceipt, airportName: string): Promise<Buffer> {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return renderPdf((doc) => {
    doc.fontSize(18).text(airportName);
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
  const facts = await loadPaymentFacts(tx, paymentId, null);
  if (!facts?.tenantEmail) return;
  const { payment } = facts;
  const airportName = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  await queueMail(tx, receiptMail({ paymentId, receiptNumber: payment.receiptNumber, invoiceNumber: facts.invoiceNumber, amountCents: payment.amountCents, paymentDate: payment.paymentDate }, facts.tenantEmail, airportName));
}

/** What a receipt e-mail says: known when the payment is written, so a batch needs no reads. */
export interface ReceiptMailFacts {
  paymentId: string;
  receiptNumber: number;
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

/**
 * After commit: hand the receipts' PDFs to the job (a failure only means a text-only receipt).
 * Only receipts whose e-mail still waits for its PDF, and one job per payment however often the
 * payment is answered again (a card payment resent with the same idempotency key).
 */
export async function requestReceiptPdfs(ctx: Pick<AppContext, 'db' | 'jobs' | 'log'>, paymentIds: readonly string[]): Promise<void> {
  try {
    const waiting: string[] = [];
    for (const paymentId of paymentIds) if (await isMailAwaitingAttachments(ctx.db, receiptRef(paymentId))) waiting.push(paymentId);
    if (waiting.length === 0) return;
    await ctx.jobs.send(RECEIPT_PDF_JOB, { paymentIds: waiting }, waiting.length === 1 ? { singletonKey: receiptRef(waiting[0]!) } : {});
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue receipt PDFs');
  }
}

/** The job: render each receipt PDF, attach it to its waiting e-mail and release the e-mail if held. */
export async function attachReceiptPdfs(db: DbOrTx, paymentIds: readonly string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const airportName = readSetting(await loadSystemSettings(db, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  for (const paymentId of paymentIds) {
    // Already attached, sent or being sent: nothing to render.
    if (!(await isMailAwaitingAttachments(db, receiptRef(paymentId)))) continue;
    const receipt = await loadReceipt(db, paymentId, null);
    if (!receipt) continue;
    const pdf = await renderReceiptPdf(receipt, airportName);
    await attachToQueuedMail(db, { ref: receiptRef(paymentId) }, [
      { filename: `receipt-${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]);
  }
}
