import { sql, type SQL } from 'drizzle-orm';
import type { TLeaseHistoryRow } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { manySlot, oneSlot, type PluginScope } from '../../platform/plugins/registry';

/**
 * Where "Leased" comes from. A property is Leased when an agreement covers today; agreements
 * belong to the agreements module (issue 4), which provides its source to this module's
 * `propertyLeases` slot when it registers. Without it no property is leased and the lease
 * history is empty. The source is SQL so that the staff grid filters and sorts by the derived
 * status in the database, not after loading.
 */
export interface LeaseSource {
  /** A subquery selecting the ids (uuid) of properties with an agreement covering `today` (YYYY-MM-DD). */
  leasedPropertyIds(today: string): SQL;
  /** The agreement covering `today` for one property, or null. */
  currentLease(db: DbOrTx, propertyId: string, today: string): Promise<{ _id: string; title: string; agreementNum: string } | null>;
  /** Every agreement the property has been part of, newest first. */
  leaseHistory(db: DbOrTx, propertyId: string): Promise<TLeaseHistoryRow[]>;
}

const NO_AGREEMENTS: LeaseSource = {
  leasedPropertyIds: () => sql`select null::uuid where false`,
  currentLease: async () => null,
  leaseHistory: async () => [],
};

export const propertyLeases = oneSlot<LeaseSource>('properties.leases', NO_AGREEMENTS);

/** This app's lease source (the agreements module's, else none). */
export function leaseSourceOf(scope: PluginScope): LeaseSource {
  return scope.plugins.one(propertyLeases);
}

/**
 * Other records that use a property type (the waitlist's applicants); each returns how many.
 * `DELETE PropertyTypes/{id}` is refused while any count is above zero.
 */
export type PropertyTypeUsage = { label: string; count(db: DbOrTx, typeId: string): Promise<number> };

export const propertyTypeUsages = manySlot<PropertyTypeUsage>('properties.type-usages');

/**
 * Whoever keeps figures made from a property's rent (the agreements module: its leases' GASB 87
 * measurements, docs/gasb87.md) is told of a new rent in the edit's transaction. `lockLeases`
 * runs before the property's row is locked, so the edit takes its locks in the order every
 * agreement change takes them (the agreement, then its property) and two edits never deadlock.
 */
export interface PropertyRentListener {
  lockLeases(tx: Tx, propertyId: string): Promise<void>;
  rentChanged(tx: Tx, propertyId: string): Promise<void>;
}

export const propertyRentChanges = manySlot<PropertyRentListener>('properties.rent-changes');
