import type { Tx } from '../../db/client';
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
