import { eq, sql } from 'drizzle-orm';
import { SIGN_IN_LIMITS, type TSessionUser } from '@apron/core';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, findAccountByEmail } from '../accounts/index';
import { recordAudit } from '../../platform/audit/audit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { redeemPasswordToken } from '../../platform/auth/password-links';
import { endSessionsOfAccount } from '../../platform/auth/sessions';
import { endProviderSessionsOfAccount } from '../../platform/auth/oidc-adapter';

export const SIGN_IN_MESSAGES = {
  incorrect: 'Incorrect email or password.',
  locked: `This account is locked after too many failed sign-ins. Try again in ${SIGN_IN_LIMITS.lockMinutes} minutes.`,
  disabled: 'This account is disabled.',
} as const;

export type SignInOutcome = { ok: true; accountId: string } | { ok: false; message: string };

// Checked when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/**
 * The built-in provider's password check with lockout: `maxFailures` consecutive wrong
 * passwords lock the account for `lockMinutes`. A disabled account is refused only after the
 * right password, so the page does not tell strangers which e-mails exist.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<SignInOutcome> {
  const account = email ? await findAccountByEmail(db, email) : null;
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(password, await dummyHash);
    return { ok: false, message: SIGN_IN_MESSAGES.incorrect };
  }
  if (account.lockedUntil && account.lockedUntil.getTime() > Date.now()) return { ok: false, message: SIGN_IN_MESSAGES.locked };

  if (!(await verifyPassword(password, account.passwordHash))) {
    // One statement, so concurrent wrong guesses on N instances all count.
    const [row] = await db
      .update(accounts)
      .set({
        failedSignIns: sql`case when ${accounts.failedSignIns} + 1 >= ${SIGN_IN_LIMITS.maxFailures} then 0 else ${accounts.failedSignIns} + 1 end`,
        lockedUntil: sql`case when ${accounts.failedSignIns} + 1 >= ${SIGN_IN_LIMITS.maxFailures}
          then now() + make_interval(mins => ${SIGN_IN_LIMITS.lockMinutes}) else ${accounts.lockedUntil} end`,
      })
      .where(eq(accounts.id, account.id))
      .returning({ lockedUntil: accounts.lockedUntil });
    const nowLocked = !!row?.lockedUntil && row.lockedUntil.getTime() > Date.now();
    return { ok: false, message: nowLocked ? SIGN_IN_MESSAGES.locked : SIGN_IN_MESSAGES.incorrect };
  }
  if (!account.enabled) return { ok: false, message: SIGN_IN_MESSAGES.disabled };
  if (account.failedSignIns > 0 || account.lockedUntil) {
    await db.update(accounts).set({ failedSignIns: 0, lockedUntil: null }).where(eq(accounts.id, account.id));
  }
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
    const [account] = await tx
      .update(accounts)
      .set({ passwordHash, failedSignIns: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(accounts.id, accountId))
      .returning({ id: accounts.id, email: accounts.email });
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
