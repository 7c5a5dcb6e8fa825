/**
 * The agreements module's seeders: for the demo (apps/server/src/demo, other modules' demo-*.ts),
 * bench/ and tests only, never for production code (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedDemoCompaniesAndAgreements, findDemoTenantLease, listDemoBillableAgreements, DEMO_TENANT_EMAIL } from './demo-agreements';
export { seedBenchAgreements } from './bench-seed';
export { type DemoField } from './demo-agreements';
