import type { TMeUpdate, TSessionUser } from '@apron/core';
import type { IDToken } from 'openid-client';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit';
import { findAccountByEmail, findAccountByExternalSubject, findAccountById, findAccountForUpdate, linkExternalSubject, updateAccountRow } from '../../platform/auth/accounts.repo';
import type { AccountRow } from '../../platform/auth/accounts.table';

export { saveSignInRequest, takeSignInRequest, SIGN_IN_REQUEST_MINUTES, type SignInRequest } from '../../platform/auth/sign-in-requests';

/**
 * The enabled account an id token names. The built-in provider's subject is the account id.
 * An external provider's subject is linked to the account with the token's e-mail on first
 * sign-in; accounts are created by administrators, so an unknown e-mail is refused.
 */
export async function accountForIdToken(db: Db, claims: IDToken, isBuiltIn: boolean): Promise<AccountRow | null> {
  let account: AccountRow | null;
  if (isBuiltIn) {
    account = /^[0-9a-f-]{36}$/i.test(claims.sub) ? await findAccountById(db, claims.sub) : null;
  } else {
    account = await findAccountByExternalSubject(db, claims.sub);
    if (!account) {
      const email = typeof claims.email === 'string' ? claims.email : null;
      if (!email || claims.email_verified === false) return null;
      const byEmail = await findAccountByEmail(db, email);
      // An account already linked to another subject is not taken over by a reused e-mail.
      if (!byEmail || (byEmail.externalSubject && byEmail.externalSubject !== claims.sub)) return null;
      account = await linkExternalSubject(db, byEmail.id, claims.sub);
    }
  }
  return account?.enabled ? account : null;
}

/** PUT /api/Me: the caller's own names, audited. */
export async function updateMe(db: Db, actor: { user: TSessionUser; requestId: string }, changes: TMeUpdate): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const before = await findAccountForUpdate(tx, actor.user.id);
    if (!before) throw new Error('account vanished');
    const after = await updateAccountRow(tx, actor.user.id, { givenName: changes.givenName, familyName: changes.familyName });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'account',
      entityId: before.id,
      before: { givenName: before.givenName, familyName: before.familyName },
      after: { givenName: after.givenName, familyName: after.familyName },
    });
    return after;
  });
}
