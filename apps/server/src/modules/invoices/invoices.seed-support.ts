/**
 * The invoices module's seeders and what other modules' demo seeders write invoices with
 * (balances/demo-billing.ts): for the demo (apps/server/src/demo, modules' demo-*.ts), bench/ and
 * tests only, never for production code (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedDemoGeneratedInvoices } from './generated-invoices';
export { seedBenchInvoices } from './bench-seed';
export { hasAnyInvoice, insertDemoOneLineInvoice, markDemoInvoiceCancelled } from './demo-invoices';
export { insertAgreementInvoice, runOverdueInvoices } from './agreement-invoices';
export { listLines } from './invoices.repo';
