import { COMPANY_MESSAGES, type TCompanyUserCreate, type TCompanyValues, type TSessionUser } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { endSessionsOfAccount } from '../../platform/auth/sessions';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { createCompanyUser, removeCompanyUser, type AccountRow, type CompanyUserAdded } from '../accounts/index';
import { updateAccountRow } from '../../platform/auth/accounts.repo';
import { isCompanyAdmin } from './companies.policy';
import { auditCompany } from './companies.presenter';
import * as repo from './companies.repo';
import type { CompanyRow } from './companies.table';
import { publishCompanyEvent } from './company-events';

type Actor = AuditActor & { user: TSessionUser };

function columnsOf(values: TCompanyValues) {
  return {
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    state: values.state,
    zip: values.zip,
    email: values.email,
    phone: values.phone,
    contactName: values.contactname,
    contactPhone: values.contactphone,
    isPaperless: values.isPaperless,
  };
}

/** Add Owner (Company admins; the route checks): status defaults to Active. */
export async function createCompany(tx: Tx, actor: Actor, values: TCompanyValues): Promise<CompanyRow> {
  const row = await repo.insertCompany(tx, {
    ...columnsOf(values),
    name: values.name,
    description: values.description,
    status: values.status ?? 'Active',
  });
  await recordAudit(tx, actor, { action: 'create', entity: 'company', entityId: row.id, after: auditCompany(row) });
  await publishCompanyEvent(tx, row, 'Created');
  return row;
}

/**
 * Save a company. Status, name and description belong to Company admins (spec §2, §6): anyone
 * else sending a different value gets a 400 on that field (the form sends every field, so the
 * unchanged value is accepted). `scope` keeps a tenant to their own company (404 otherwise).
 */
export async function updateCompany(tx: Tx, actor: Actor, id: string, values: TCompanyValues, scope: string | null): Promise<CompanyRow> {
  const current = await repo.findCompany(tx, id, scope, true);
  if (!current) throw notFound('Company not found');
  if (!isCompanyAdmin(actor.user)) {
    if (values.status !== undefined && values.status !== current.status) throw fieldError('status', COMPANY_MESSAGES.onlyAdminsStatus);
    if (values.name !== current.name) throw fieldError('name', COMPANY_MESSAGES.onlyAdminsName);
    if (values.description !== current.description) throw fieldError('description', COMPANY_MESSAGES.onlyAdminsDescription);
  }
  const updated = await repo.updateCompanyRow(tx, id, {
    ...columnsOf(values),
    name: values.name,
    description: values.description,
    status: values.status ?? current.status,
  });
  await recordAudit(tx, actor, { action: 'update', entity: 'company', entityId: id, before: auditCompany(current), after: auditCompany(updated) });
  await publishCompanyEvent(tx, updated, 'Updated');
  return updated;
}

/**
 * Add-user dialog: an external account tied to the company, with an invitation e-mail; a person
 * who is already a company user at another airport is added to this company instead (one sign-in).
 */
export async function addCompanyUser(tx: Tx, actor: Actor, publicUrl: string, companyId: string, input: TCompanyUserCreate): Promise<CompanyUserAdded> {
  const company = await repo.findCompany(tx, companyId, null, true);
  if (!company) throw notFound('Company not found');
  return createCompanyUser(tx, {
    email: input.email,
    companyId,
    companyName: company.name,
    givenName: input.givenName,
    familyName: input.familyName,
    publicUrl,
    actor,
  });
}

/** Removes a user from this company only: their other airports' companies stay (accounts service). */
export async function removeUserFromCompany(tx: Tx, actor: Actor, companyId: string, userId: string): Promise<void> {
  if (!(await repo.findCompany(tx, companyId))) throw notFound('Company not found');
  const current = await repo.findCompanyUser(tx, companyId, userId);
  if (!current) throw notFound('User not found');
  await removeCompanyUser(tx, actor, current, companyId);
}

/** The enable toggle: a disabled user cannot sign in and their sessions end now. */
export async function setCompanyUserEnabled(tx: Tx, actor: Actor, companyId: string, userId: string, enabled: boolean): Promise<AccountRow> {
  if (!(await repo.findCompany(tx, companyId))) throw notFound('Company not found');
  const current = await repo.findCompanyUser(tx, companyId, userId);
  if (!current) throw notFound('User not found');
  const updated = await updateAccountRow(tx, userId, { enabled });
  if (current.enabled && !enabled) await endSessionsOfAccount(tx, userId);
  await recordAudit(tx, actor, { action: 'update', entity: 'account', entityId: userId, before: { enabled: current.enabled }, after: { enabled } });
  return updated;
}
