/**
 * What the GASB 87 tests call directly (the backfill job's work): for tests only (lint:
 * apron/boundaries; docs/adr/0004, "Doors").
 */
export { measureUnmeasured } from './measure';
