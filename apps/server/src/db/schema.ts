/**
 * Every Drizzle table, for drizzle-kit and the typed client. Each module keeps its tables in its
 * own `<module>.table.ts`; add one export line here per file.
 */
export * from '../platform/auth/auth.table';
export { passwordTokens } from '../platform/auth/password-tokens.table';
export * from '../platform/audit/audit.table';
export * from '../platform/mail/mail.table';
export * from '../platform/events/events.table';
export * from '../platform/rate-limit/rate-limit.table';
export * from '../platform/idempotency/idempotency.table';
export * from '../platform/auth/accounts.table';
export * from '../platform/tenancy/airports.table';
export * from '../platform/tenancy/airport-counters.table';
export * from '../modules/settings/settings.table';
export * from '../modules/properties/properties.table';
export * from '../modules/attachments/attachments.table';
export * from '../modules/alerts/alerts.table';
export * from '../modules/companies/companies.table';
export * from '../modules/agreements/agreements.table';
export * from '../modules/invoices/invoices.table';
export * from '../modules/payments/payments.table';
export * from '../modules/balances/balances.table';
export * from '../modules/settings/cpi-index.table';
export * from '../modules/agreements/rent-adjustment.table';
export * from '../modules/identity/sign-in-throttle.table';
export * from '../modules/payments/card-attempts.table';
export * from '../modules/waitlist/waitlist.table';
export * from '../modules/appointments/appointments.table';
export * from '../modules/chat/chat.table';
export * from '../modules/workorders/workorders.table';
export * from '../modules/forms/forms.table';
export * from '../modules/tiedowns/tiedowns.table';
export * from '../modules/assets/assets.table';
export * from '../modules/inspections/inspections.table';
export * from '../modules/reports/reports.table';
export * from '../modules/invoices/period-close.table';
export * from '../modules/imports/imports.table';
export * from '../modules/gasb87/gasb87.table';
