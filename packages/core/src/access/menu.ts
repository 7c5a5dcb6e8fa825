import { satisfies, type TAccessRule } from './can';
import type { TSessionUser } from './user';

export type TAudience = 'all' | 'internal' | 'external';

export interface TMenuItem {
  key: string;
  label: string;
  route: string;
  audience: TAudience;
  rule: TAccessRule;
}

/**
 * The home menu of spec doc 1 §2, in the spec's order. Items whose module has not been built yet
 * are listed in `PLANNED_MENU_KEYS` and hidden by `menuFor` until their feature lands.
 */
export const HOME_MENU: readonly TMenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', route: '/', audience: 'all', rule: 'signedIn' },
  { key: 'owners', label: 'Owners', route: '/companies', audience: 'all', rule: 'signedIn' },
  { key: 'tiedown', label: 'Transient Parking', route: '/tiedown', audience: 'internal', rule: 'module:Tiedown' },
  { key: 'properties', label: 'Property Listings', route: '/properties/listings', audience: 'internal', rule: 'module:Property' },
  { key: 'listings', label: 'Property Listings', route: '/listings', audience: 'external', rule: 'signedIn' },
  { key: 'agreements', label: 'Lease Agreements', route: '/agreements', audience: 'all', rule: 'signedIn' },
  { key: 'waitlist', label: 'WaitList', route: '/waitList', audience: 'internal', rule: 'module:Waitlist' },
  { key: 'settings', label: 'Settings', route: '/settings', audience: 'internal', rule: 'module:Settings' },
  { key: 'invoices', label: 'Invoices', route: '/invoices', audience: 'all', rule: 'signedIn' },
  { key: 'myaccount', label: 'My Account', route: '/myaccount', audience: 'all', rule: 'signedIn' },
  { key: 'reports', label: 'Reports', route: '/interactive', audience: 'all', rule: 'signedIn' },
  { key: 'alerts', label: 'Alerts', route: '/alerts', audience: 'all', rule: 'signedIn' },
  // Invites are the wait list's (`POST Waitlist/Invite`, PRODUCT-RULES 18): staff holding Waitlist.
  { key: 'appointments', label: 'Appointments', route: '/appointment', audience: 'internal', rule: 'module:Waitlist' },
  { key: 'inspections', label: 'Inspections', route: '/inspection', audience: 'all', rule: 'signedIn' },
  { key: 'workorders', label: 'Workorders', route: '/workorder', audience: 'all', rule: 'signedIn' },
  // Spec 'all'; the register is the operator's own records, so external accounts do not get it (PRODUCT-RULES 12, 13).
  { key: 'assets', label: 'Assets', route: '/asset', audience: 'internal', rule: 'signedIn' },
];

/**
 * Module gates for items the spec marks "all": Owners needs Company for staff (tenants see their
 * own company), Lease Agreements needs Lease for staff, Invoices needs Invoices for staff.
 */
const INTERNAL_MODULE_GATES: Partial<Record<string, TAccessRule>> = {
  owners: 'module:Company',
  agreements: 'module:Lease',
  invoices: 'module:Invoices',
  reports: 'module:Reports',
};

/** Menu keys whose feature is not built yet; remove a key when its module lands. */
export const PLANNED_MENU_KEYS: ReadonlySet<string> = new Set([
]);

function allows(user: TSessionUser, item: TMenuItem): boolean {
  if (item.audience === 'internal' && !user.isInternal) return false;
  if (item.audience === 'external' && user.isInternal) return false;
  const gate = user.isInternal ? INTERNAL_MODULE_GATES[item.key] : undefined;
  return satisfies(user, item.rule) && (!gate || satisfies(user, gate));
}

/**
 * Whether `user` may open the area of menu item `key` ('invoices', 'owners', ...): the one rule
 * the menu shows the item by, so the web's route guards and the menu never disagree.
 */
export function canOpenArea(user: TSessionUser | null | undefined, key: string): boolean {
  const item = HOME_MENU.find((candidate) => candidate.key === key);
  return !!user && !!item && allows(user, item);
}

export function menuFor(user: TSessionUser, planned: ReadonlySet<string> = PLANNED_MENU_KEYS): TMenuItem[] {
  return HOME_MENU.filter((item) => !planned.has(item.key) && allows(user, item));
}
