import { isInternal, isModuleAdmin, type TSessionUser } from '@apron/core';
import type { WorkorderRow } from './workorders.table';

/**
 * Who does what with work orders (spec doc 1 §2, §6; PRODUCT-RULES 13):
 * - Settings admins create, edit and delete master work orders (only internal users see Create);
 * - internal staff see every work order, create, edit, fill and complete them;
 * - anyone else (contractors, by e-mail) sees, fills and completes only the work orders
 *   assigned to their e-mail, and the masters those belong to. Any other id is not found.
 */
export const canManageMasters = (user: TSessionUser | null): boolean => isModuleAdmin(user, 'Settings');

export const isWorkorderStaff = (user: TSessionUser | null): boolean => isInternal(user);

/** null = every work order; otherwise the contractor e-mail (lower case) the caller is limited to. */
export type WorkorderScope = string | null;

export function workorderScopeOf(user: TSessionUser): WorkorderScope {
  return isWorkorderStaff(user) ? null : user.email.toLowerCase();
}

function isOpen(row: Pick<WorkorderRow, 'status'>): boolean {
  return row.status !== 'Completed';
}

export function workorderAbilities(user: TSessionUser | null, row: Pick<WorkorderRow, 'status' | 'contractorEmail' | 'contractorName'>) {
  const staff = isWorkorderStaff(user);
  const own = !!user && row.contractorEmail !== '' && row.contractorEmail === user.email.toLowerCase();
  const assigned = row.contractorEmail !== '' && row.contractorName !== '';
  return {
    edit: staff && isOpen(row),
    fill: (staff || own) && isOpen(row),
    complete: (staff || own) && isOpen(row) && assigned,
  };
}

