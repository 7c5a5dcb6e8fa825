/**
 * What the bench drives directly (the cycle run, the grid's keyset cursor): for bench/ only
 * (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { runInvoiceCycles, runOverdueInvoices } from './agreement-invoices';
export { invoiceGridCursor } from './invoices.repo';
