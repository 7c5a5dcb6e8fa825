/**
 * The report the bench times directly (bench/src/scenarios/gasb87.ts): for bench/ only (lint:
 * apron/boundaries; docs/adr/0004, "Doors").
 */
export { rollForwardReport } from './gasb87-reports';
