import { readSetting, type TAccountCreate, type TAccountUpdate, type TSessionUser } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { endSessionsOfAccount } from '../../platform/auth/sessions';
import { issuePasswordLink, PASSWORD_LINK_DAYS } from '../../platform/auth/password-links';
import { queueMail } from '../../platform/mail/outbox';
import { loadSystemSettings } from '../settings/index';
import { findAccountAtAirport, findAccountByEmail, findAccountById, insertAccount, updateAccountRow, type AccountAtAirport } from '../../platform/auth/accounts.repo';
import type { AccountRow } from '../../platform/auth/accounts.table';
import { recordWorkAtCurrentAirport, removeWorkAtCurrentAirport } from '../../platform/tenancy/workplace';
import { companyLinkHere, companyLinksOf, linkCompanyAtCurrentAirport, unlinkCompany } from '../../platform/tenancy/account-companies';
import { auditAccount } from './accounts.presenter';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
/** A company user's only company is not removed (an account of no company would work nowhere). */
export const ONLY_COMPANY_MESSAGE = 'Company users work at their company’s airport: disable the account instead.';

/** The current airport's name and the greeting of the account mails. */
async function accountMailParts(tx: Tx, account: AccountRow): Promise<{ airportName: string; greeting: string }> {
  const airportName = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  return { airportName, greeting: account.givenName ? `Hello ${account.givenName},` : 'Hello,' };
}

/**
 * A one-time set-password link and the invitation e-mail, in the transaction that created the
 * account: no account without its invitation, no invitation for an account that was rolled back.
 */
export async function sendInvitation(tx: Tx, publicUrl: string, account: AccountRow): Promise<void> {
  const link = await issuePasswordLink(tx, publicUrl, account.id, 'invite');
  const { airportName, greeting } = await accountMailParts(tx, account);
  await queueMail(tx, {
    to: [account.email],
    subject: `You are invited to ${airportName}`,
    text: [
      greeting,
      '',
      // Sent when the account is created and again by Send invitation: worded for both.
      `You have an account on the ${airportName} portal. Your sign-in e-mail is ${account.email}.`,
      '',
      `Choose your password here (the link works once and expires in ${PASSWORD_LINK_DAYS} days):`,
      link,
    ].join('\n'),
    kind: 'invite',
  });
}

export const DISABLED_INVITATION_MESSAGE = 'This account is disabled: enable it before sending an invitation.';
/** With an external identity provider (OIDC_ISSUER) people sign in there: a set-password link would not work. */
export const EXTERNAL_SIGN_IN_INVITATION_MESSAGE =
  "Sign-in is through the airport's identity provider: invite the person there; they sign in here with that account.";

/**
 * Settings > Accounts > Send invitation: a fresh set-password link for an account of this airport
 * (imported company users and staff have none until they choose a password). Earlier links stay
 * valid until used or expired; there is no throttle: only an administrator can send, and each
 * send is audited.
 */
export async function resendInvitation(tx: Tx, actor: AuditActor, publicUrl: string, id: string): Promise<AccountRow> {
  // Another airport's account is not this airport's administrators' to see: 404, as the read does.
  const here = await findAccountAtAirport(tx, id);
  if (!here) throw notFound('No account found.');
  if (!here.enabled) throw fieldError('enabled', DISABLED_INVITATION_MESSAGE);
  const account = (await findAccountById(tx, id))!;
  await sendInvitation(tx, publicUrl, account);
  await recordAudit(tx, actor, { action: 'invite', entity: 'account', entityId: id, after: { email: account.email } });
  return account;
}

/** What `POST /api/Accounts` made: a new account, or an existing one added to this airport. */
export interface StaffAccountAdded {
  account: AccountAtAirport;
  existingAccount: boolean;
}

/**
 * Settings > Accounts > Add: an internal staff account without a password, invited by e-mail, that
 * works at the current airport. An e-mail that is already a staff account working at other airports
 * is added here (its membership) instead of refused: one person, one sign-in, several airports.
 */
export async function createStaffAccount(tx: Tx, actor: AuditActor, publicUrl: string, input: TAccountCreate): Promise<StaffAccountAdded> {
  const work = { isAdmin: input.isAdmin, modules: [...new Set(input.modules)] };
  const existing = await findAccountByEmail(tx, input.email);
  if (existing) {
    // A company user, an inspector or contractor, or someone already working here: a duplicate.
    if (!existing.isInternal || existing.companyId || (await findAccountAtAirport(tx, existing.id))) {
      throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
    }
    await recordWorkAtCurrentAirport(tx, existing.id, work);
    const account = (await findAccountAtAirport(tx, existing.id))!;
    await recordAudit(tx, actor, { action: 'create', entity: 'airportMembership', entityId: account.id, after: { email: account.email, ...work } });
    return { account, existingAccount: true };
  }
  const created = await insertAccount(tx, {
    email: input.email,
    givenName: input.givenName,
    familyName: input.familyName,
    isInternal: true,
    ...work,
    companyId: null,
  });
  const account: AccountAtAirport = { ...created, ...work };
  await sendInvitation(tx, publicUrl, created);
  await recordAudit(tx, actor, { action: 'create', entity: 'account', entityId: account.id, after: auditAccount(account) });
  return { account, existingAccount: false };
}

/**
 * The invitation's sibling for an account that exists already (a company user at another
 * airport, now added to a company here): no set-password link, they sign in as before.
 */
async function sendAddedToCompany(tx: Tx, publicUrl: string, account: AccountRow, companyName: string): Promise<void> {
  const { airportName, greeting } = await accountMailParts(tx, account);
  await queueMail(tx, {
    to: [account.email],
    subject: `You are added to ${companyName} at ${airportName}`,
    text: [
      greeting,
      '',
      `Your account ${account.email} now also acts for ${companyName} on the ${airportName} portal.`,
      '',
      `Sign in as before and choose ${airportName} in the airport menu at the top of the page:`,
      publicUrl,
    ].join('\n'),
    kind: 'company-added',
  });
}

export interface CompanyUserInput {
  email: string;
  companyId: string;
  /** For the e-mail to a person who already has an account. */
  companyName: string;
  givenName?: string;
  familyName?: string;
  /** Where the set-password link points (config.publicUrl). */
  publicUrl: string;
  actor: AuditActor;
}

/** What adding a company user made: a new account, or an existing one linked to the company. */
export interface CompanyUserAdded {
  /** The account, with `companyId` the company it was added to. */
  account: AccountRow;
  existingAccount: boolean;
}

/**
 * A company (external) user of a company of the current airport, for the Companies module (company
 * users and waitlist "Create Account"). A new e-mail gets an account with an invitation. An e-mail
 * that is a company user at other airports only is linked to this company (one sign-in, a company
 * per airport) and told so by e-mail. Any other taken e-mail (staff, inspectors and contractors, a
 * user of a company at this airport) is a 400 on `email`. Runs in the caller's transaction.
 */
export async function createCompanyUser(tx: Tx, input: CompanyUserInput): Promise<CompanyUserAdded> {
  const email = input.email.trim().toLowerCase();
  const existing = await findAccountByEmail(tx, email);
  if (existing) return { account: await linkExistingCompanyUser(tx, input, existing), existingAccount: true };
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
  await recordAudit(tx, input.actor, { action: 'create', entity: 'account', entityId: account.id, after: auditAccount({ ...account, isAdmin: false, modules: [] }) });
  return { account, existingAccount: false };
}

async function linkExistingCompanyUser(tx: Tx, input: CompanyUserInput, existing: AccountRow): Promise<AccountRow> {
  const isCompanyUser = !existing.isInternal && existing.companyId !== null;
  if (!isCompanyUser || (await companyLinkHere(tx, existing.id))) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
  if (!(await linkCompanyAtCurrentAirport(tx, existing.id, input.companyId))) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
  await sendAddedToCompany(tx, input.publicUrl, existing, input.companyName);
  await recordAudit(tx, input.actor, { action: 'create', entity: 'accountCompany', entityId: existing.id, after: { email: existing.email, companyId: input.companyId } });
  return { ...existing, companyId: input.companyId };
}

/**
 * Removing a company user from one company (Companies > users, or Settings > Accounts > Remove
 * from this airport): that link only; the account keeps its other companies and, when it was
 * working here, works at its first remaining one from its next request. A user's only company is
 * not removed (as before: disable the account instead). The caller holds the account row locked,
 * so two removals at two airports cannot both see the other's link and leave none.
 */
export async function removeCompanyUser(tx: Tx, actor: AuditActor, account: AccountRow, companyId: string): Promise<void> {
  const links = await companyLinksOf(tx, account.id);
  const others = links.filter((link) => link.companyId !== companyId);
  if (others.length === links.length) throw notFound('User not found');
  if (others.length === 0) throw fieldError('companyId', ONLY_COMPANY_MESSAGE);
  await unlinkCompany(tx, account.id, companyId);
  // accounts.company_id names one of the account's companies (its first): keep it one of them.
  if (account.companyId === companyId) await updateAccountRow(tx, account.id, { companyId: others[0]!.companyId });
  await recordAudit(tx, actor, { action: 'delete', entity: 'accountCompany', entityId: account.id, before: { email: account.email, companyId } });
}

/** The rules that keep the portal administrable: nobody locks themselves out of Settings. */
function refuseSelfLockout(caller: TSessionUser, change: TAccountUpdate): void {
  if (change.enabled === false) throw fieldError('enabled', 'You cannot disable your own account.');
  if (change.isAdmin === false) throw fieldError('isAdmin', 'You cannot remove your own admin rights.');
  if (change.modules && !change.modules.includes('Settings')) {
    throw fieldError('modules', 'You cannot remove Settings from your own account.');
  }
}

/**
 * Names, enabled (the account's, at every airport), and the admin flag and modules at the current
 * airport (its membership here); disabling ends every session of the account.
 */
export async function updateAccount(tx: Tx, actor: AuditActor & { user: TSessionUser }, id: string, change: TAccountUpdate): Promise<AccountAtAirport> {
  const current = await findAccountAtAirport(tx, id, { lock: true });
  if (!current) throw notFound('No account found.');
  if (current.id === actor.user.id) refuseSelfLockout(actor.user, change);
  if (!current.isInternal && change.modules && change.modules.length > 0) {
    // Company users see their own company only (PRODUCT-RULES 12); modules are for staff.
    throw fieldError('modules', 'Company users cannot hold modules.');
  }
  const row = await updateAccountRow(tx, id, {
    ...(change.givenName !== undefined && { givenName: change.givenName }),
    ...(change.familyName !== undefined && { familyName: change.familyName }),
    ...(change.enabled !== undefined && { enabled: change.enabled }),
  });
  const work = {
    isAdmin: change.isAdmin ?? current.isAdmin,
    modules: change.modules !== undefined ? [...new Set(change.modules)] : current.modules,
  };
  // A company user has no membership (their airport is their company's): nothing to record.
  const worksByMembership = !current.companyId;
  if (worksByMembership && (change.isAdmin !== undefined || change.modules !== undefined)) await recordWorkAtCurrentAirport(tx, id, work);
  const updated: AccountAtAirport = { ...row, ...(worksByMembership ? work : { isAdmin: false, modules: [] }) };
  if (current.enabled && !updated.enabled) await endSessionsOfAccount(tx, id);
  await recordAudit(tx, actor, { action: 'update', entity: 'account', entityId: id, before: auditAccount(current), after: auditAccount(updated) });
  return updated;
}

/**
 * Settings > Accounts > Remove from this airport: the account no longer works here (its other
 * airports keep it): staff lose their membership here, company users their company here (not
 * their only one: disable them instead). Nobody removes themselves.
 */
export async function removeFromAirport(tx: Tx, actor: AuditActor & { user: TSessionUser }, id: string): Promise<void> {
  const current = await findAccountAtAirport(tx, id, { lock: true });
  if (!current) throw notFound('No account found.');
  if (current.id === actor.user.id) throw fieldError('id', 'You cannot remove yourself from this airport.');
  // A company user leaves this airport's company (their other airports' companies stay).
  if (current.companyId) return removeCompanyUser(tx, actor, (await findAccountById(tx, id))!, current.companyId);
  if (!(await removeWorkAtCurrentAirport(tx, id))) throw notFound('No account found.');
  await recordAudit(tx, actor, { action: 'delete', entity: 'airportMembership', entityId: id, before: { email: current.email, isAdmin: current.isAdmin, modules: current.modules } });
}
