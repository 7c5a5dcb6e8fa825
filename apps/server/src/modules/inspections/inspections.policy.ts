import { isModuleAdmin, type TSessionUser } from '@apron/core';

/**
 * Who does what (spec doc 1 §2 Inspections, §6; PRODUCT-RULES 13):
 * - internal staff see every inspection, add, edit and complete them;
 * - Settings admins create, edit and delete master inspections;
 * - anyone else (inspectors: external accounts, or any account by e-mail) sees and fills only
 *   the inspections assigned to their e-mail, through the "My" calls; other ids are not found.
 */
export const isInspectionStaff = (user: TSessionUser | null): boolean => !!user && user.isInternal;
export const canManageMasters = (user: TSessionUser | null) => isModuleAdmin(user, 'Settings');

/** null = every inspection (staff); otherwise only those assigned to this e-mail. */
export function inspectionScope(user: TSessionUser): { email: string | null } {
  return { email: isInspectionStaff(user) ? null : user.email.toLowerCase() };
}

export function inspectionAbilities(user: TSessionUser | null, row: { status: string; inspectorEmail: string }) {
  const open = row.status !== 'Completed';
  const staff = isInspectionStaff(user);
  const mine = !!user && row.inspectorEmail !== '' && row.inspectorEmail === user.email.toLowerCase();
  const assigned = row.inspectorEmail !== '';
  return { edit: open && staff, fill: open && assigned && (staff || mine), complete: open && assigned && (staff || mine) };
}

