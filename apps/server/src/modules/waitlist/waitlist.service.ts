import { WAITLIST_MESSAGES, type TSessionUser, type TWaitlistApplicantUpdate } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import type { PluginScope } from '../../platform/plugins/registry';
import { createCompanyUser } from '../accounts/index';
import { deleteAttachmentsOfOwner } from '../attachments/index';
import { insertCompany } from '../companies/index';
import { auditApplicant } from './waitlist.presenter';
import * as repo from './waitlist.repo';
import { publishApplicantEvent } from './waitlist-events';
import { applicantFileKeys } from './applicant-hooks';

export type Actor = AuditActor & { user: TSessionUser };

async function lockedApplicant(tx: Tx, id: string): Promise<repo.ApplicantView> {
  const row = await repo.findApplicant(tx, id, true);
  if (!row) throw notFound(WAITLIST_MESSAGES.notFound);
  return row;
}

/** Staff edit (spec doc 1 §5). A new property type puts the applicant in that queue by its join time. */
export async function updateApplicant(tx: Tx, actor: Actor, input: TWaitlistApplicantUpdate): Promise<repo.ApplicantView> {
  const current = await lockedApplicant(tx, input._id);
  if (!(await repo.propertyTypeExists(tx, input.propertyType))) throw fieldError('propertyType', 'Property Type is not valid');
  const typeChanged = input.propertyType !== current.propertyTypeId;
  const updated = await repo.updateApplicantRow(tx, current.id, {
    propertyTypeId: input.propertyType,
    aircraftType: input.aircrafttype,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email,
    organization: input.organization,
    status: input.status,
    // In another type's queue the applicant's place is by the time they joined.
    ...(typeChanged && { queuedAt: current.joinedAt }),
  });
  await recordAudit(tx, actor, { action: 'update', entity: 'waitlistApplicant', entityId: current.id, before: auditApplicant(current), after: auditApplicant(updated) });
  const view = (await repo.findApplicant(tx, current.id))!;
  await publishApplicantEvent(tx, view, 'Updated');
  return view;
}

/**
 * Delete Applicant: everyone behind moves up one place (positions are computed, never stored).
 * Everything kept about them goes too: documents and remarks (attachments), the chat (rows
 * cascade). Returns the storage keys of their files, for the caller to remove after
 * commit (a rolled-back delete must keep them).
 */
export async function deleteApplicant(scope: PluginScope, tx: Tx, actor: Actor, id: string): Promise<string[]> {
  const current = await lockedApplicant(tx, id);
  const files = [...(await deleteAttachmentsOfOwner(tx, { ownerType: 'waitlist', ownerId: id })), ...(await applicantFileKeys(scope, tx, id))];
  await repo.deleteApplicantRow(tx, id);
  await publishApplicantEvent(tx, current, 'Removed');
  await recordAudit(tx, actor, { action: 'delete', entity: 'waitlistApplicant', entityId: id, before: { ...auditApplicant(current), position: current.position } });
  return files;
}

/** The explicit move (PRODUCT-RULES 20): who, when and why go to the audit log. */
export async function moveApplicant(tx: Tx, actor: Actor, id: string, position: number, reason: string): Promise<repo.ApplicantView> {
  const probe = await repo.findApplicant(tx, id);
  if (!probe) throw notFound(WAITLIST_MESSAGES.notFound);
  await repo.lockQueue(tx, probe.propertyTypeId);
  const current = await lockedApplicant(tx, id);
  const taken = current.position === position ? position : await repo.placeInQueue(tx, current, position);
  await recordAudit(tx, actor, { action: 'move', entity: 'waitlistApplicant', entityId: id, before: { position: current.position }, after: { position: taken }, reason });
  return (await repo.findApplicant(tx, id))!;
}

/**
 * Create Account: a company from the applicant's organization and contact details and a company
 * user for the applicant's e-mail (with the invitation e-mail), through the companies and
 * accounts modules. Once: the applicant keeps the company's id, and a second click answers it.
 */
export async function createAccount(tx: Tx, actor: Actor, publicUrl: string, id: string): Promise<{ companyId: string; created: boolean }> {
  const current = await lockedApplicant(tx, id);
  if (current.companyId) return { companyId: current.companyId, created: false };
  if (!current.email) throw fieldError('email', WAITLIST_MESSAGES.accountNeedsEmail);
  const contactName = `${current.firstName} ${current.lastName}`;
  const company = await insertCompany(tx, {
    name: current.organization || contactName,
    description: `Wait list applicant for ${current.propertyTypeName}`,
    email: current.email,
    phone: current.phone,
    contactName,
    contactPhone: current.phone,
    status: 'Active',
  });
  await recordAudit(tx, actor, { action: 'create', entity: 'company', entityId: company.id, after: { name: company.name, email: company.email, fromApplicant: id } });
  await createCompanyUser(tx, { email: current.email, companyId: company.id, companyName: company.name, givenName: current.firstName, familyName: current.lastName, publicUrl, actor });
  const updated = await repo.updateApplicantRow(tx, id, { companyId: company.id });
  await recordAudit(tx, actor, { action: 'update', entity: 'waitlistApplicant', entityId: id, before: auditApplicant(current), after: auditApplicant(updated) });
  return { companyId: company.id, created: true };
}
