import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens } from './password-tokens.table';
import { hashToken, newToken } from './sessions';

export const PASSWORD_LINK_DAYS = 7;

/** A set-password URL on the built-in provider's pages, valid for a week, usable once. */
export async function issuePasswordLink(
  tx: DbOrTx,
  publicUrl: string,
  accountId: string,
  purpose: 'invite' | 'reset' = 'invite',
): Promise<string> {
  const token = newToken();
  await tx.insert(passwordTokens).values({
    id: hashToken(token),
    accountId,
    purpose,
    expiresAt: new Date(Date.now() + PASSWORD_LINK_DAYS * 86_400_000),
  });
  return `${publicUrl}/oidc/set-password/${token}`;
}

/** The account a live, unused link belongs to; marks it used when `consume` is set. */
export async function redeemPasswordToken(tx: DbOrTx, token: string, consume: boolean): Promise<string | null> {
  const id = hashToken(token);
  const where = and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`));
  if (!consume) {
    const [row] = await tx.select({ accountId: passwordTokens.accountId }).from(passwordTokens).where(where).limit(1);
    return row?.accountId ?? null;
  }
  const [row] = await tx.update(passwordTokens).set({ usedAt: new Date() }).where(where).returning({ accountId: passwordTokens.accountId });
  return row?.accountId ?? null;
}
