import { AIRCRAFT_TYPES, DEFAULT_NIGHTLY_RATES_CENTS } from '@apron/core/tiedowns';
import type { DbOrTx } from '../../db/client';
import { tiedownRates } from './tiedowns.table';

/**
 * The default nightly rates (the ones migration 0021 gave the first airport) at the current
 * airport, for the demo's second airport. Existing rates are kept. General provisioning of a new
 * airport is its own work (issue 22); this is the demo's copy of the same defaults.
 */
export async function seedDefaultTiedownRates(db: DbOrTx): Promise<void> {
  await db
    .insert(tiedownRates)
    .values(AIRCRAFT_TYPES.map((aircraftType, i) => ({ aircraftType, rateCents: DEFAULT_NIGHTLY_RATES_CENTS[aircraftType], sortOrder: i + 1 })))
    .onConflictDoNothing();
}
