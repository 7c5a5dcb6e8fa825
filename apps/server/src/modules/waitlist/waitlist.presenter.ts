import { isModuleAdmin, type TSessionUser, type TWaitlistApplicant, type TWaitlistGridRow, type TWaitlistStatus } from '@apron/core';
import type { ApplicantView } from './waitlist.repo';
import type { ApplicantRow } from './waitlist.table';

/**
 * What the caller may do with an applicant: Waitlist admins edit, delete, move and make accounts;
 * other staff with the module read (read-only staff are a feature, PRODUCT-RULES 25).
 */
export function waitlistAbilities(user: TSessionUser | null) {
  const admin = isModuleAdmin(user, 'Waitlist');
  return { edit: admin, delete: admin, move: admin, createAccount: admin };
}

export function presentApplicant(view: ApplicantView, user: TSessionUser | null): TWaitlistApplicant {
  return {
    _id: view.id,
    propertyType: view.propertyTypeId,
    propertyTypeName: view.propertyTypeName,
    aircrafttype: view.aircraftType,
    firstName: view.firstName,
    lastName: view.lastName,
    phone: view.phone,
    email: view.email,
    organization: view.organization,
    status: view.status as TWaitlistStatus,
    createdAt: view.joinedAt.toISOString(),
    queuePosition: view.position,
    companyId: view.companyId,
    abilities: waitlistAbilities(user),
  };
}

export function presentGridRow(view: ApplicantView, unread: number): TWaitlistGridRow {
  const { abilities: _a, companyId: _c, ...row } = presentApplicant(view, null);
  return { ...row, unreadMessages: unread };
}

/** Audit snapshot: the fields a person edits (no token hash, no timestamps). */
export function auditApplicant(row: ApplicantRow): Record<string, unknown> {
  return {
    propertyTypeId: row.propertyTypeId,
    aircraftType: row.aircraftType,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    organization: row.organization,
    status: row.status,
    companyId: row.companyId,
  };
}
