import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInRequests } from './auth.table';

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

/** Sign-ins never completed (a sign-in takes minutes, not a day): the nightly clean-up. */
export async function deleteAbandonedSignInRequests(db: Db): Promise<void> {
  await db.delete(signInRequests).where(lt(signInRequests.createdAt, sql`now() - interval '1 day'`));
}
