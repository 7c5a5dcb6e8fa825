/**
 * What the bench and the demo seed with (bench/src/scenarios/gasb87.ts, demo/demo-modules.ts): for them only (lint:
 * apron/boundaries; docs/adr/0004, "Doors").
 */
export { seedBenchMeasurements } from './bench-seed';
/** The demo's leases measured at its first start (the demo seed writes agreements directly). */
export { measureUnmeasured as seedDemoLeaseMeasurements } from './measure';
