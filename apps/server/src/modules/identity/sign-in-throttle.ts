import { and, eq, lt, sql } from 'drizzle-orm';
import { SIGN_IN_LIMITS } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { signInThrottles } from './sign-in-throttle.table';

/**
 * Wrong passwords slow down one (account, address) pair: the first `maxFailures` are free, then
 * each further failure makes that pair wait 1 s, 2 s, 4 s ... up to `lockMinutes`. No account is
 * ever locked for everybody: its owner signs in from another address as usual. Guessing across
 * many accounts from one address is held by the per-address rate limit of the sign-in form.
 */
const MAX_WAIT_SECONDS = SIGN_IN_LIMITS.lockMinutes * 60;
/** A pair with no failure for this long starts again from zero. */
const FORGET_AFTER = sql`interval '1 day'`;

/** Seconds this pair must still wait before a password is checked (0 = go ahead). */
export async function signInWaitSeconds(db: DbOrTx, accountId: string, address: string): Promise<number> {
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${signInThrottles.blockedUntil} - now())))::int` })
    .from(signInThrottles)
    .where(and(eq(signInThrottles.accountId, accountId), eq(signInThrottles.address, address)));
  return Math.max(0, Number(row?.wait ?? 0));
}

/** Counts a wrong password for the pair (one atomic statement: concurrent guesses all count); returns the wait it now has. */
export async function recordFailedSignIn(db: DbOrTx, accountId: string, address: string): Promise<number> {
  const failures = sql`case when ${signInThrottles.lastFailureAt} < now() - ${FORGET_AFTER} then 1 else ${signInThrottles.failures} + 1 end`;
  const blockedUntil = (count: ReturnType<typeof sql>) =>
    sql`case when ${count} >= ${SIGN_IN_LIMITS.maxFailures}
      then now() + make_interval(secs => least(power(2, ${count} - ${SIGN_IN_LIMITS.maxFailures}), ${MAX_WAIT_SECONDS}))
      else null end`;
  const [row] = await db
    .insert(signInThrottles)
    .values({ accountId, address, failures: 1, blockedUntil: sql`${blockedUntil(sql`1`)}`, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: [signInThrottles.accountId, signInThrottles.address],
      set: { failures, blockedUntil: blockedUntil(failures), lastFailureAt: sql`now()` },
    })
    .returning({ wait: sql<number>`coalesce(ceil(extract(epoch from (${signInThrottles.blockedUntil} - now())))::int, 0)` });
  return Math.max(0, Number(row?.wait ?? 0));
}

/** The right password from this address: its failures are forgiven. */
export async function clearFailedSignIns(db: DbOrTx, accountId: string, address: string): Promise<void> {
  await db.delete(signInThrottles).where(and(eq(signInThrottles.accountId, accountId), eq(signInThrottles.address, address)));
}

/** The nightly clean-up: pairs with no failure for a day. */
export async function deleteStaleSignInThrottles(db: DbOrTx): Promise<void> {
  await db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, sql`now() - ${FORGET_AFTER}`));
}
