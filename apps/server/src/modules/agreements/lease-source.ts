import type { LeaseSource } from '../properties/index';
import { currentLeaseOf, leaseHistoryOf, leasedPropertyIdsSql } from './agreement-properties.repo';

/** What makes a property Leased and its Lease History (plugged into the properties module). */
export const agreementsLeaseSource: LeaseSource = {
  leasedPropertyIds: leasedPropertyIdsSql,
  currentLease: currentLeaseOf,
  leaseHistory: leaseHistoryOf,
};
