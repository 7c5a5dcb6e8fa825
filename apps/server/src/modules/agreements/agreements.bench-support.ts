/**
 * What the bench composes by hand where an app would (bench/src/scenarios/reports.ts: the
 * dashboard's occupancy reads the agreements' leases): for bench/ only (lint: apron/boundaries;
 * docs/adr/0004, "Doors").
 */
export { agreementsLeaseSource } from './lease-source';
export { listAgreements } from './agreements.repo';
