/**
 * What the bench seeds with (bench/src/scenarios/gasb87.ts): for bench/ only (lint:
 * apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedBenchMeasurements } from './bench-seed';
