import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { attachmentOwners } from '../attachments/index';
import { hasModule } from '@apron/core';
import { invoicesRoutes } from './invoices.routes';
import { canReadInvoices, invoiceScopeOf } from './invoices.policy';
import { findInvoice } from './invoices.repo';
import { CYCLES_CRON, OVERDUE_CRON, cyclesTick, overdueTick } from './daily-runs';
import { INVOICE_PDF_JOB, attachInvoicePdf, type InvoicePdfJob } from './invoice-mail';
import { billingRunRoutes } from './billing-run.routes';
import { CYCLE_RUN_JOB, runCycleRun } from './billing-runs';

/** Daily in each airport's time zone: hourly ticks, each airport's date's work from 01:00 local (daily-runs.ts). */
const OVERDUE_JOB = 'invoices.overdue';
const CYCLES_JOB = 'invoices.cycles';

/** Invoices: the module's public door. */
export async function registerInvoices(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await invoicesRoutes(app, ctx);
  await billingRunRoutes(app, ctx);
  // An invoice's documents and remarks: Invoices staff, and the tenant for their own invoices.
  ctx.plugins.provide(attachmentOwners, 'invoice', {
    module: 'Invoices',
    canRead: async (user, id, db) => canReadInvoices(user) && !!(await findInvoice(db, id, invoiceScopeOf(user))),
    canWrite: async (user, id, db) => hasModule(user, 'Invoices') && !!(await findInvoice(db, id, null)),
  });
  // Invoice e-mail PDFs are CPU work: a worker renders them off the request path (invoice-mail.ts).
  ctx.jobs.work<InvoicePdfJob>(INVOICE_PDF_JOB, (job) => attachInvoicePdf(ctx.db, ctx.files, job));
  // A cycle's run started by hand (billing-runs.ts): 10,000 agreements take seconds; an hour is the ceiling.
  ctx.jobs.work<{ runId: string }>(CYCLE_RUN_JOB, (job) => runCycleRun(ctx, job.runId), { expireInSeconds: 60 * 60, retryLimit: 2 });
  ctx.jobs.schedule(OVERDUE_JOB, OVERDUE_CRON, async () => {
    const run = await overdueTick(ctx.db);
    if (run) ctx.log.info(run, 'overdue invoices marked');
  });
  ctx.jobs.schedule(CYCLES_JOB, CYCLES_CRON, async () => {
    const run = await cyclesTick(ctx.db);
    if (run) ctx.log.info(run, 'cycle invoices generated');
  });
}

export { airportToday, findInvoice, listLinesOfInvoices, listUnpaidInvoices } from './invoices.repo';
export { lockInvoice, lockLinesIfUnpaid, lockPayableLines, markLinesPaid } from './invoices.service';
export {
  invoiceCompanyIdSql, lockSelectionsCtes, markSelectionsPaidCtes, payableSelectionsOf, selectionIds, LINE_TAKEN, type PayableSelection,
} from './payable-selections';
export { invoiceScopeOf, canReadInvoices, type InvoiceScope } from './invoices.policy';
export { loadInvoiceView } from './invoices.routes';
export { presentLine } from './invoices.presenter';
export { renderPdf, drawLines, drawLetterhead } from './invoice-pdf';
export { invoiceEventsOf, publishInvoiceEvent, publishInvoiceEvents, type InvoiceEventRow } from './invoice-events';
export { findInvoiceNumber, findInvoiceNumbers, listLinesPaidByPayments } from './receipt-facts';
export { createOneLineInvoice } from './one-line-invoices';
export { firstInvoiceYear, invoiceAgingByCompany, invoiceTotalsByCompany, invoicesBilledByBucket, nextDueInvoice, receivablesTotals } from './report-facts';
export { listInvoices } from './invoices.repo';
export { presentInvoiceGridRow } from './invoices.presenter';
export { closeInvoicePeriod, invoiceJournal, invoicesClosedThrough } from './period-close';
export {
  INVOICE_HEADER_KEYS, deleteImportedInvoices, deleteUnpaidLines, findImportedInvoices, insertImportedInvoices, insertImportedLines, invoicesForExport,
  invoicesChangedSince, invoicesWithLines, lockInvoices, restoreImportedInvoice, transactionTime, unpayLines, updateImportedInvoices, type ImportedInvoice, type ImportedInvoiceHeader, type NewImportedLine,
} from './invoice-import-store';
export { findInvoicedAgreementIds } from './invoiced-agreements';
