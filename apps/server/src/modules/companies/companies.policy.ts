import { hasModule, isModuleAdmin, type TSessionUser } from '@apron/core';
import { forbidden } from '../../platform/errors/app-error';

/**
 * Who sees which company (PRODUCT-RULES 12): staff with the Company module see every company;
 * a company (external) user sees their own company only, and any other id is simply not found.
 * Company admins add owners, change status, name and description and manage users (spec §6).
 */
export function canListCompanies(user: TSessionUser | null): boolean {
  return hasModule(user, 'Company') || isCompanyUser(user);
}

export function isCompanyUser(user: TSessionUser | null): user is TSessionUser & { companyId: string } {
  return !!user && !user.isInternal && !!user.companyId;
}

/** The company ids the caller may read: null means every company. */
export function readableCompanyScope(user: TSessionUser): string | null | 'none' {
  if (hasModule(user, 'Company')) return null;
  if (isCompanyUser(user)) return user.companyId;
  return 'none';
}

export function requireCompanyReader(user: TSessionUser | null): asserts user is TSessionUser {
  if (!canListCompanies(user)) throw forbidden();
}

export const isCompanyAdmin = (user: TSessionUser | null) => isModuleAdmin(user, 'Company');

export function companyAbilities(user: TSessionUser | null) {
  const admin = isCompanyAdmin(user);
  return { edit: canListCompanies(user), editNameAndDescription: admin, changeStatus: admin, manageUsers: admin };
}

