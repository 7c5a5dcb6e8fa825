import { hasModule, isModuleAdmin, type TSessionUser } from '@apron/core';
import { forbidden } from '../../platform/errors/app-error';
import { isCompanyUser } from '../companies/index';

/**
 * Who sees which invoices (PRODUCT-RULES 12): internal users with the Invoices module see all;
 * a company user sees their own company's, and any other id is simply not found (404).
 * Invoices admins add, edit and remove lines, cancel and record manual payments (spec doc 2 §6).
 */
export type InvoiceScope = string | null;

export function invoiceScopeOf(user: TSessionUser | null): InvoiceScope {
  if (hasModule(user, 'Invoices')) return null;
  if (isCompanyUser(user)) return user.companyId;
  throw forbidden();
}

/** The company pages (`Company/Invoices/{id}`) are also open to Company staff. */
export function companyInvoicesScopeOf(user: TSessionUser | null): InvoiceScope {
  if (hasModule(user, 'Company')) return null;
  return invoiceScopeOf(user);
}

export const canReadInvoices = (user: TSessionUser | null) => hasModule(user, 'Invoices') || isCompanyUser(user);
export const isInvoicesAdmin = (user: TSessionUser | null) => isModuleAdmin(user, 'Invoices');

export interface AbilityFacts {
  status: string;
  hasPaidLine: boolean;
  dueCents: number;
}

export function invoiceAbilities(user: TSessionUser | null, facts: AbilityFacts) {
  const admin = isInvoicesAdmin(user);
  const open = facts.status !== 'Cancelled';
  const payable = open && facts.dueCents > 0;
  return {
    addLine: admin && open,
    editLines: admin && open,
    cancel: admin && open && !facts.hasPaidLine,
    comment: hasModule(user, 'Invoices'),
    email: canReadInvoices(user),
    payOnline: payable && canReadInvoices(user),
    // the readers of an invoice are the payers from its company's balance (balances' scope)
    payFromBalance: payable && canReadInvoices(user),
    manualPayment: admin && payable,
    payLink: hasModule(user, 'Invoices') && payable,
  };
}

