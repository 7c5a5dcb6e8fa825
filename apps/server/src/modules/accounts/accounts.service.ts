import { readSetting, type TAccountCreate, type TAccountUpdate, type TSessionUser } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { endSessionsOfAccount } from '../../platform/auth/sessions';
import { issuePasswordLink, PASSWORD_LINK_DAYS } from '../../platform/auth/password-links';
import { queueMail } from '../../platform/mail/outbox';
import { loadSystemSettings } from '../settings/index';
import { findAccountByEmail, findAccountHereForUpdate, insertAccount, updateAccountRow } from '../../platform/auth/accounts.repo';
import type { AccountRow } from '../../platform/auth/accounts.table';
import { auditAccount } from './accounts.presenter';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

async function refuseDuplicateEmail(tx: Tx, email: string): Promise<void> {
  if (await findAccountByEmail(tx, email)) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
}

/**
 * A one-time set-password link and the invitation e-mail, in the transaction that created the
 * account: no account without its invitation, no invitation for an account that was rolled back.
 */
export async function sendInvitation(tx: Tx, publicUrl: string, account: AccountRow): Promise<void> {
  const link = await issuePasswordLink(tx, publicUrl, account.id, 'invite');
  const airportName = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  const greeting = account.givenName ? `Hello ${account.givenName},` : 'Hello,';
  await queueMail(tx, {
    to: [account.email],
    subject: `You are invited to ${airportName}`,
    text: [
      greeting,
      '',
      `An account has been created for you on the ${airportName} portal. Your sign-in e-mail is ${account.email}.`,
      '',
      `Choose your password here (the link works once and expires in ${PASSWORD_LINK_DAYS} days):`,
      link,
    ].join('\n'),
    kind: 'invite',
  });
}

/** Settings > Accounts > Add: an internal staff account without a password, invited by e-mail. */
export async function createStaffAccount(tx: Tx, actor: AuditActor, publicUrl: string, input: TAccountCreate): Promise<AccountRow> {
  await refuseDuplicateEmail(tx, input.email);
  const account = await insertAccount(tx, {
    email: input.email,
    givenName: input.givenName,
    familyName: input.familyName,
    isInternal: true,
    isAdmin: input.isAdmin,
    modules: [...new Set(input.modules)],
    companyId: null,
  });
  await sendInvitation(tx, publicUrl, account);
  await recordAudit(tx, actor, { action: 'create', entity: 'account', entityId: account.id, after: auditAccount(account) });
  return account;
}

export interface CompanyUserInput {
  email: string;
  companyId: string;
  givenName?: string;
  familyName?: string;
  /** Where the set-password link points (config.publicUrl). */
  publicUrl: string;
  actor: AuditActor;
}

/**
 * A company (external) user with an invitation, for the Companies module (company users and
 * waitlist "Create Account"). Duplicate e-mail is a 400 on `email`. Runs in the caller's transaction.
 */
export async function createCompanyUser(tx: Tx, input: CompanyUserInput): Promise<AccountRow> {
  const email = input.email.trim().toLowerCase();
  await refuseDuplicateEmail(tx, email);
  const account = await insertAccount(tx, {
    email,
    givenName: input.givenName?.trim() ?? '',
    familyName: input.familyName?.trim() ?? '',
    isInternal: false,
    isAdmin: false,
    modules: [],
    companyId: input.companyId,
  });
  await sendInvitation(tx, input.publicUrl, account);
  await recordAudit(tx, input.actor, { action: 'create', entity: 'account', entityId: account.id, after: auditAccount(account) });
  return account;
}

/** The rules that keep the portal administrable: nobody locks themselves out of Settings. */
function refuseSelfLockout(caller: TSessionUser, change: TAccountUpdate): void {
  if (change.enabled === false) throw fieldError('enabled', 'You cannot disable your own account.');
  if (change.isAdmin === false) throw fieldError('isAdmin', 'You cannot remove your own admin rights.');
  if (change.modules && !change.modules.includes('Settings')) {
    throw fieldError('modules', 'You cannot remove Settings from your own account.');
  }
}

/** Names, modules, admin flag and enabled; disabling ends every session of the account. */
export async function updateAccount(tx: Tx, actor: AuditActor & { user: TSessionUser }, id: string, change: TAccountUpdate): Promise<AccountRow> {
  // Another airport's account is not found (issue 22): an administrator edits who works here.
  const current = await findAccountHereForUpdate(tx, id);
  if (!current) throw notFound('No account found.');
  if (current.id === actor.user.id) refuseSelfLockout(actor.user, change);
  if (!current.isInternal && change.modules && change.modules.length > 0) {
    // Company users see their own company only (PRODUCT-RULES 12); modules are for staff.
    throw fieldError('modules', 'Company users cannot hold modules.');
  }
  const updated = await updateAccountRow(tx, id, {
    ...(change.givenName !== undefined && { givenName: change.givenName }),
    ...(change.familyName !== undefined && { familyName: change.familyName }),
    ...(change.modules !== undefined && { modules: [...new Set(change.modules)] }),
    ...(change.isAdmin !== undefined && { isAdmin: change.isAdmin }),
    ...(change.enabled !== undefined && { enabled: change.enabled }),
  });
  if (current.enabled && !updated.enabled) await endSessionsOfAccount(tx, id);
  await recordAudit(tx, actor, { action: 'update', entity: 'account', entityId: id, before: auditAccount(current), after: auditAccount(updated) });
  return updated;
}
