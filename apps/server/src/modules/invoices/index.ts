import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerAttachmentOwner } from '../attachments/index';
import { hasModule } from '@apron/core';
import { invoicesRoutes } from './invoices.routes';
import { canReadInvoices, invoiceScopeOf } from './invoices.policy';
import { findInvoice } from './invoices.repo';

/** Invoices: the module's public door. */
export async function registerInvoices(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await invoicesRoutes(app, ctx);
  // An invoice's documents and remarks: Invoices staff, and the tenant for their own invoices.
  registerAttachmentOwner(ctx, 'invoice', {
    module: 'Invoices',
    canRead: async (user, id, db) => canReadInvoices(user) && !!(await findInvoice(db, id, invoiceScopeOf(user))),
    canWrite: async (user, id, db) => hasModule(user, 'Invoices') && !!(await findInvoice(db, id, null)),
  });
}

export { invoices, invoiceLineItems, type InvoiceRow, type LineItemRow } from './invoices.table';
export { airportToday, findInvoice, listLines, listLinesOfInvoices, listUnpaidInvoices, refreshInvoiceTotals, type InvoiceWithTenant } from './invoices.repo';
export { lockInvoice, lockPayableLines, markLinesPaid } from './invoices.service';
export { invoiceScopeOf, canReadInvoices, isInvoicesAdmin, actorOf, type InvoiceScope } from './invoices.policy';
export { loadInvoiceView } from './invoices.routes';
export { presentLine } from './invoices.presenter';
export { renderPdf, drawLines } from './invoice-pdf';
