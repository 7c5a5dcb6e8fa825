import { and, eq, lt, sql } from 'drizzle-orm';
import type { TMeUpdate, TSessionUser } from '@apron/core';
import type { IDToken } from 'openid-client';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit';
import { signInRequests } from '../../platform/auth/auth.table';
import { findAccountByExternalSubject } from '../../platform/auth/bearer';
import { accounts, findAccountByEmail, findAccountById, type AccountRow } from '../accounts/index';

/** A sign-in started with GET /api/Login must finish within this time. */
export const SIGN_IN_REQUEST_MINUTES = 10;

export interface SignInRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

export async function saveSignInRequest(db: Db, request: SignInRequest): Promise<void> {
  // Abandoned sign-ins are cleared as new ones start; the table stays tiny.
  await db.delete(signInRequests).where(lt(signInRequests.createdAt, sql`now() - interval '1 hour'`));
  await db.insert(signInRequests).values(request);
}

/** Takes (deletes) the sign-in request of a state: a state works once, and only while fresh. */
export async function takeSignInRequest(db: Db, state: string): Promise<SignInRequest | null> {
  const [row] = await db.delete(signInRequests).where(eq(signInRequests.state, state)).returning();
  if (!row) return null;
  const fresh = Date.now() - row.createdAt.getTime() <= SIGN_IN_REQUEST_MINUTES * 60_000;
  return fresh ? row : null;
}

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
      const [linked] = await db
        .update(accounts)
        .set({ externalSubject: claims.sub })
        .where(and(eq(accounts.id, byEmail.id), sql`${accounts.externalSubject} is null`))
        .returning();
      account = linked ?? null;
    }
  }
  return account?.enabled ? account : null;
}

/** PUT /api/Me: the caller's own names, audited. */
export async function updateMe(db: Db, actor: { user: TSessionUser; requestId: string }, changes: TMeUpdate): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, actor.user.id)).for('update');
    if (!before) throw new Error('account vanished');
    const [after] = await tx
      .update(accounts)
      .set({ givenName: changes.givenName, familyName: changes.familyName, updatedAt: new Date() })
      .where(eq(accounts.id, actor.user.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'account',
      entityId: before.id,
      before: { givenName: before.givenName, familyName: before.familyName },
      after: { givenName: after!.givenName, familyName: after!.familyName },
    });
    return after!;
  });
}
