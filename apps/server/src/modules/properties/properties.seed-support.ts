/**
 * The properties module's seeders: for the demo (apps/server/src/demo, other modules' demo-*.ts),
 * bench/ and tests only, never for production code (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedDemoProperties } from './demo-properties';
export { seedBenchProperties } from './bench-seed';
export { listActivePropertyRents } from './property-options';
