import { INVOICE_MESSAGES, readSetting, type TInvoiceEmail } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import type { FileStorage } from '../../platform/files/index';
import { attachToQueuedMail, queueMail } from '../../platform/mail/index';
import { currentAirportLetterhead } from '../../platform/tenancy/index';
import { loadSystemSettings } from '../settings/index';
import { renderInvoicePdf } from './invoice-pdf';
import { findInvoice, listLines } from './invoices.repo';
import type { InvoiceScope } from './invoices.policy';

/**
 * The e-mail copy of an invoice (`POST Invoices/Email/{id}`). The PDF takes far longer to render
 * than the request itself, so, as with receipts, it is neither rendered in the transaction nor on
 * the request path: the text e-mail is queued held, and after commit a job (`invoice-pdf`) renders
 * the PDF from the stored invoice, attaches it and releases the e-mail. If the job never runs, the
 * text goes out when the hold ends (the invoice page and `Invoices/Pdf/{id}` have the PDF).
 */
export const INVOICE_PDF_JOB = 'invoice-pdf';
/** How long an invoice e-mail waits for its PDF before it goes out without one. */
export const INVOICE_PDF_HOLD_SECONDS = 120;

export interface InvoicePdfJob {
  mailId: string;
  invoiceId: string;
}

/** In the caller's transaction: the held e-mail and the audit row. */
export async function queueInvoiceCopy(tx: Tx, actor: AuditActor, invoiceId: string, scope: InvoiceScope, input: TInvoiceEmail): Promise<InvoicePdfJob> {
  const invoice = await findInvoice(tx, invoiceId, scope);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  const airportName = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  const mailId = await queueMail(tx, {
    to: [input.email],
    subject: input.subject,
    text: `Invoice #${invoice.invoiceNumber} (${invoice.name}) from ${airportName} is attached.`,
    kind: 'invoice-copy',
    ref: `invoice:${invoice.id}`,
    holdSeconds: INVOICE_PDF_HOLD_SECONDS,
  });
  await recordAudit(tx, actor, { action: 'email', entity: 'invoice', entityId: invoice.id, after: { to: input.email, subject: input.subject } });
  return { mailId, invoiceId: invoice.id };
}

/** After commit: hand the PDF to the job (a failure only means a text-only e-mail). */
export async function requestInvoicePdf(ctx: Pick<AppContext, 'jobs' | 'log'>, job: InvoicePdfJob): Promise<void> {
  await ctx.jobs.send(INVOICE_PDF_JOB, job).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not queue the invoice PDF'));
}

/** The job: render the invoice's PDF, attach it to its held e-mail and release the e-mail. */
export async function attachInvoicePdf(db: DbOrTx, files: FileStorage, job: InvoicePdfJob): Promise<void> {
  const invoice = await findInvoice(db, job.invoiceId, null);
  if (!invoice) return;
  const pdf = await renderInvoicePdf(invoice, await listLines(db, invoice.id), await currentAirportLetterhead(db, files));
  // The outbox keeps an e-mail's backoff if it was already tried (SMTP down), and sends it once.
  await attachToQueuedMail(db, { id: job.mailId }, [
    { filename: `invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
  ]);
}
