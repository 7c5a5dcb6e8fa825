import type { Tx } from '../../db/client';
import { manySlot } from '../plugins/registry';
import type { AirportRow } from './airports.table';

/**
 * What a fresh airport needs before anyone works there (docs/airports.md, "Adding an airport"):
 * each module that keeps per-airport defaults (system settings, tie-down rates, ...) provides one.
 * Provisioners run in the transaction that inserts the airport, with the connection's airport set
 * to the new one (`withAirport`): their rows land at that airport and nowhere else, and a failing
 * provisioner leaves no half-made airport. They must be idempotent (insert ... on conflict do nothing).
 */
export type AirportProvisioner = (tx: Tx, airport: AirportRow) => Promise<void>;

export const AIRPORT_PROVISIONERS = manySlot<AirportProvisioner>('tenancy.airport-provisioners');
