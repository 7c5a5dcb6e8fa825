import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client';
import { oidcPayloads } from './auth.table';

/** The row of `oidc_payloads` holding the built-in provider's signing keys. */
const KEYS_KIND = 'jwks';
const KEYS_ID = 'signing';

export interface SigningKeys {
  /** Private JWKs for oidc-provider (`jwks.keys`). */
  keys: JWK[];
}

/**
 * The built-in provider's signing keys: generated once, stored in the database and shared by
 * every instance. When N instances start on an empty database together, the first insert wins
 * and the others read that row back.
 */
export async function loadSigningKeys(db: DbOrTx): Promise<SigningKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await db
    .insert(oidcPayloads)
    .values({ kind: KEYS_KIND, id: KEYS_ID, payload: { keys: [jwk] } })
    .onConflictDoNothing();
  const stored = await readKeys(db);
  if (!stored) throw new Error('the OIDC signing keys could not be stored');
  return stored;
}

async function readKeys(db: DbOrTx): Promise<SigningKeys | null> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, KEYS_KIND), eq(oidcPayloads.id, KEYS_ID)))
    .limit(1);
  return row ? (row.payload as SigningKeys) : null;
}

/** The public half of the keys (what `/oidc/jwks` publishes). */
export function publicJwks(keys: SigningKeys): { keys: JWK[] } {
  return {
    keys: keys.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined)),
    ),
  };
}

/** Secrets derived from SESSION_SECRET, one per purpose, so one variable configures them all. */
export function deriveSecret(sessionSecret: string, purpose: 'oidc-cookies' | 'portal-client'): string {
  return createHmac('sha256', sessionSecret).update(`apron:${purpose}`).digest('base64url');
}
