/**
 * The report and dashboard queries the bench times directly (bench/src/scenarios/reports.ts): for
 * bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { invoiceReport } from './reports.repo';
export { loadDashboard } from './dashboard';
export { agingReport } from './reports.repo';
