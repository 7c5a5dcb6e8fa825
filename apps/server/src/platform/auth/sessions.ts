import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { SESSION_TTL_SECONDS, isModule, type TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { markSignedIn } from './accounts.repo';
import { accounts, type AccountRow } from './accounts.table';
import { sessions } from './auth.table';
import { workplaceSql, type Workplace } from '../tenancy/workplace';

export const SESSION_COOKIE = 'apron_sid';
/** A session seen within this many seconds is not written again: a read stays a read. */
const TOUCH_INTERVAL_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The caller as the routes see them: the account, with its admin flag and modules at the airport it works at now. */
export function toSessionUser(account: AccountRow, workplace: Workplace): TSessionUser {
  return {
    id: account.id,
    email: account.email,
    givenName: account.givenName,
    familyName: account.familyName,
    isInternal: account.isInternal,
    isAdmin: account.isInternal && workplace.isAdmin,
    modules: account.isInternal ? workplace.modules.filter(isModule) : [],
    // A company user acts for the company of the airport they work at now (one per airport).
    companyId: account.companyId ? workplace.companyId : null,
    airportId: workplace.airportId,
    isAuthorityAdmin: account.isInternal && account.isAuthorityAdmin,
  };
}

export interface OpenSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(db: DbOrTx, accountId: string, idToken: string | null = null): Promise<OpenSession> {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.insert(sessions).values({ id: hashToken(token), accountId, csrfToken, idToken, expiresAt });
  await markSignedIn(db, accountId);
  return { token, csrfToken, expiresAt };
}

export interface ResolvedSession {
  sessionId: string;
  csrfToken: string;
  idToken: string | null;
  user: TSessionUser;
}

/**
 * The live session of a token's hash with its account and workplace. It reads the deployment's own
 * tables only (no airport_id, no policy), so the access plugin runs it on any connection as it is
 * (`onDeploymentTables`); `sessionLookupSql` lets a test hold it to that.
 */
function sessionQuery(db: DbOrTx) {
  return db
    .select({
      session: sessions,
      account: accounts,
      // Where the account works now and what it may do there (platform/tenancy/workplace.ts).
      workplace: workplaceSql(accounts.id, accounts.companyId, sessions.airportId),
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`), eq(accounts.enabled, true)))
    .limit(1);
}

/** The session lookup's SQL text (the isolation test checks which tables it reads). */
export const sessionLookupSql = (db: DbOrTx): string => sessionQuery(db).toSQL().sql;

/**
 * The session lookup runs on every signed-in request, so its query is built and prepared once
 * per app (a named statement on PostgreSQL) instead of being rebuilt per request.
 */
function buildSessionQuery(db: DbOrTx) {
  return sessionQuery(db).prepare('apron_find_session');
}

/**
 * This app's lookup of the live session of a cookie token, with its (enabled) account (made once,
 * by the access plugin). Expiry slides: one hour after the last activity, written at most once a
 * minute so that reads stay reads.
 */
export function createSessionLookup(db: DbOrTx): (token: string) => Promise<ResolvedSession | null> {
  const query = buildSessionQuery(db);
  return async (token) => {
    const id = hashToken(token);
    const [row] = await query.execute({ id });
    if (!row) return null;
    if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
      const now = new Date();
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000) })
        .where(eq(sessions.id, id));
    }
    const workplace: Workplace = row.workplace ?? { airportId: null, companyId: null, isAdmin: false, modules: [] };
    return { sessionId: id, csrfToken: row.session.csrfToken, idToken: row.session.idToken, user: toSessionUser(row.account, workplace) };
  };
}

/** The switcher: the airport this session works at from now on (the caller must work there). */
export async function chooseSessionAirport(db: DbOrTx, sessionId: string, airportId: string): Promise<void> {
  await db.update(sessions).set({ airportId }).where(eq(sessions.id, sessionId));
}

export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (disabled user, changed password). */
export async function endSessionsOfAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
