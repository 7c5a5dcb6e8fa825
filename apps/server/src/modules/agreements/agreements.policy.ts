import { hasModule, isModuleAdmin, type TAgreementAbilities, type TSessionUser } from '@apron/core';
import { forbidden } from '../../platform/errors/app-error';
import { isCompanyUser } from '../companies/index';

/**
 * Who reads which agreements: Lease staff (and Company staff, for a company's Lease Agreements
 * button, and Property staff, who remove properties and edit deposits) read all; a company user reads their own company's agreements, read-only; any other
 * agreement is not found (PRODUCT-RULES 12). Writes follow spec doc 1 §6: Lease admins edit
 * agreements and approve insurance, Property admins remove properties and edit deposits.
 * An Archived agreement is read-only for everyone.
 */
export type AgreementScope = { companyId: string | null };

export function agreementScopeOf(user: TSessionUser | null): AgreementScope {
  if (hasModule(user, 'Lease') || hasModule(user, 'Company') || hasModule(user, 'Property')) return { companyId: null };
  if (isCompanyUser(user)) return { companyId: user.companyId };
  throw forbidden();
}

export const isLeaseAdmin = (user: TSessionUser | null) => isModuleAdmin(user, 'Lease');
export const isPropertyAdmin = (user: TSessionUser | null) => isModuleAdmin(user, 'Property');

export function agreementAbilities(user: TSessionUser | null, status: string): TAgreementAbilities {
  const open = status !== 'Archived';
  const lease = open && isLeaseAdmin(user);
  const property = open && isPropertyAdmin(user);
  return {
    edit: lease,
    addProperty: lease,
    removeProperty: property,
    editDeposit: property,
    editInsurance: lease || property,
    approveInsurance: lease,
    editAircraft: lease || property,
  };
}

export type AgreementAction = keyof TAgreementAbilities;

