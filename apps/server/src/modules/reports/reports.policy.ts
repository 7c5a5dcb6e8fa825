import { hasModule, type TSessionUser } from '@apron/core';
import { forbidden } from '../../platform/errors/app-error';
import { isCompanyUser } from '../companies/index';

/**
 * Who reads which reports (spec doc 1 §2, PRODUCT-RULES 12): staff with the Reports module see
 * every company; a company user sees the same reports over their own company only — the scope is
 * part of every query and export, never a filter applied afterwards.
 */
export type ReportScope = string | null;

export function reportScopeOf(user: TSessionUser | null): ReportScope {
  if (hasModule(user, 'Reports')) return null;
  if (isCompanyUser(user)) return user.companyId;
  throw forbidden();
}

/** Saved charts and period close are staff tools. */
export const isReportsStaff = (user: TSessionUser | null) => hasModule(user, 'Reports');
