import { hasModule, type TSessionUser } from '@apron/core';

/**
 * Who builds forms: internal staff with Settings (the masters that use forms live there).
 * Any internal user may read a form (to fill or view it in inspections, work orders, assets);
 * inspectors and contractors read a form only through their own inspection or work order.
 */
export function canBuildForms(user: TSessionUser | null): boolean {
  return !!user && user.isInternal && hasModule(user, 'Settings');
}

export function canReadForms(user: TSessionUser | null): boolean {
  return !!user && user.isInternal;
}
