import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DbOrTx } from '../../db/client';
import { oidcPayloads } from './auth.table';

/**
 * oidc-provider's storage in PostgreSQL (table `oidc_payloads`), so every instance behind the
 * load balancer sees the same provider sessions, interactions, codes, grants and tokens.
 * Rows past `expires_at` are treated as gone; `deleteExpiredOidcPayloads` clears them.
 */
export function createOidcAdapter(db: DbOrTx): new (kind: string) => Adapter {
  return class DbOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        id,
        kind: this.kind,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: { ...values, consumedAt: null } });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), condition, or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`))))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every token of a grant goes, whatever its kind (codes, access and refresh tokens).
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Housekeeping for a scheduled job: expired provider rows are never read again. */
export async function deleteExpiredOidcPayloads(db: DbOrTx): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}

/**
 * Ends the built-in provider's browser sessions of an account (portal log-out, disabled
 * account): its next authorization request asks for the password again.
 */
export async function endProviderSessionsOfAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`));
}
