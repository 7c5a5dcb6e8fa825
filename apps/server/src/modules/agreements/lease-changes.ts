import type { Tx } from '../../db/client';
import type { PropertyRentListener } from '../properties/index';
import { lockAgreementsOfProperty } from './agreement-properties.repo';
import { manySlot, type PluginScope } from '../../platform/plugins/registry';

/**
 * A change of an agreement's term or rent (created; dates, rent rule or GASB 87 inputs edited; a
 * property added or removed), told in the change's transaction to whoever measures leases (the
 * gasb87 module remeasures it: docs/gasb87.md). `effectiveDate` is when the change takes effect
 * (null: today).
 */
export interface LeaseChange {
  agreementId: string;
  effectiveDate: string | null;
}
export type LeaseChangeHook = (tx: Tx, change: LeaseChange) => Promise<void>;

export const leaseChanged = manySlot<LeaseChangeHook>('agreements.lease-changed');

export async function tellLeaseChanged(scope: PluginScope | undefined, tx: Tx, change: LeaseChange): Promise<void> {
  if (!scope) return;
  for (const hook of scope.plugins.all(leaseChanged)) await hook(tx, change);
}

/**
 * A property's rent edited on the Properties page is a change of rent of every lease it is on: each
 * such agreement is locked (before the property, see `PropertyRentListener`) and told, from today.
 */
export function rentChangesOfLeases(scope: PluginScope): PropertyRentListener {
  return {
    lockLeases: async (tx, propertyId) => {
      await lockAgreementsOfProperty(tx, propertyId);
    },
    rentChanged: async (tx, propertyId) => {
      for (const agreementId of await lockAgreementsOfProperty(tx, propertyId)) await tellLeaseChanged(scope, tx, { agreementId, effectiveDate: null });
    },
  };
}
