/**
 * The tiedowns module's seeders: for the demo (apps/server/src/demo, other modules' demo-*.ts),
 * bench/ and tests only, never for production code (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedDemoTiedowns } from './demo-tiedowns';
export { seedDefaultTiedownRates } from './demo-rates';
