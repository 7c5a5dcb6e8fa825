import { SIGN_IN_LIMITS, type TSessionUser } from '@apron/core';
import type { Db, DbOrTx } from '../../db/client';
import { findAccountByEmail, updateAccountRow } from '../../platform/auth/accounts.repo';
import { recordAudit } from '../../platform/audit/audit';
import { clearFailedSignIns, recordFailedSignIn, signInWaitSeconds } from './sign-in-throttle';
import { hashPassword, verifyNoPassword, verifyPassword } from '../../platform/auth/passwords';
import { redeemPasswordToken } from '../../platform/auth/password-links';
import { endSessionsOfAccount } from '../../platform/auth/sessions';
import { endProviderSessionsOfAccount } from '../../platform/auth/oidc-adapter';

export const SIGN_IN_MESSAGES = {
  incorrect: 'Incorrect email or password.',
  disabled: 'This account is disabled.',
  /** Too many wrong passwords for this account from this address (that pair only). */
  throttled: (seconds: number) => `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

export type SignInOutcome = { ok: true; accountId: string } | { ok: false; message: string };

/**
 * The built-in provider's password check. Wrong passwords slow down the (account, address) pair
 * that sent them (see sign-in-throttle.ts), never the account everywhere, so a stranger cannot
 * lock its owner out. A disabled account is refused only after the right password, so the page
 * does not tell strangers which e-mails exist.
 */
export async function checkPassword(db: Db, email: string, password: string, address: string): Promise<SignInOutcome> {
  const account = email ? await findAccountByEmail(db, email) : null;
  if (!account) {
    // As long as a wrong password takes, so the answer does not tell which e-mails exist.
    await verifyNoPassword(password);
    return { ok: false, message: SIGN_IN_MESSAGES.incorrect };
  }
  const wait = await signInWaitSeconds(db, account.id, address);
  if (wait > 0) return { ok: false, message: SIGN_IN_MESSAGES.throttled(wait) };

  if (!(await verifyPassword(password, account.passwordHash))) {
    const waitNow = await recordFailedSignIn(db, account.id, address);
    return { ok: false, message: waitNow > 0 ? SIGN_IN_MESSAGES.throttled(waitNow) : SIGN_IN_MESSAGES.incorrect };
  }
  if (!account.enabled) return { ok: false, message: SIGN_IN_MESSAGES.disabled };
  await clearFailedSignIns(db, account.id, address);
  return { ok: true, accountId: account.id };
}

export type SetPasswordOutcome = { ok: true } | { ok: false; errors: { password?: string; confirm?: string } } | { ok: false; expired: true };

export function validateNewPassword(password: string, confirm: string, minLength: number): { password?: string; confirm?: string } | null {
  if (password.length < minLength) return { password: `Password must be at least ${minLength} characters` };
  if (password !== confirm) return { confirm: 'Passwords do not match' };
  return null;
}

/**
 * Redeems a set-password link once: stores the new hash, lifts any lockout, and ends the
 * account's sessions (portal and provider) so an old password's sessions do not linger.
 */
export async function setPasswordWithToken(db: Db, token: string, password: string, confirm: string, requestId: string): Promise<SetPasswordOutcome> {
  const errors = validateNewPassword(password, confirm, SIGN_IN_LIMITS.minPasswordLength);
  if (errors) return { ok: false, errors };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const accountId = await redeemPasswordToken(tx, token, true);
    if (!accountId) return { ok: false, expired: true } as const;
    const account = await updateAccountRow(tx, accountId, { passwordHash, failedSignIns: 0, lockedUntil: null });
    await endSessionsOfAccount(tx, accountId);
    await endProviderSessionsOfAccount(tx, accountId);
    const actor: Pick<TSessionUser, 'id' | 'email'> | null = account ? { id: account.id, email: account.email } : null;
    await recordAudit(tx, { user: actor, requestId }, { action: 'set-password', entity: 'account', entityId: accountId });
    return { ok: true } as const;
  });
}

export async function isPasswordTokenLive(db: DbOrTx, token: string): Promise<boolean> {
  return (await redeemPasswordToken(db, token, false)) !== null;
}
