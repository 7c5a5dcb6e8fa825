import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type TAccountListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../http/list-sort';
import { accounts, type AccountRow } from './accounts.table';
import { containsPattern } from '../http/list-search';
import { recordWorkAtCurrentAirport } from '../tenancy/workplace';

/**
 * The account store. Accounts are who can sign in — sessions, bearer tokens, password links and
 * the built-in provider read them on every request — so the table belongs to platform/auth
 * (docs/adr/0004); every module, the accounts administration included, reads and writes accounts
 * through these functions.
 */

export type NewAccount = typeof accounts.$inferInsert;

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

export async function insertAccount(db: DbOrTx, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values({ ...values, email: values.email.toLowerCase() }).returning();
  await recordWorkAtCurrentAirport(db, row!);
  return row!;
}

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

const SORTS: Record<string, SQL | AnyPgColumn> = {
  email: sql`lower(${accounts.email})`,
  givenName: sql`lower(${accounts.givenName})`,
  familyName: sql`lower(${accounts.familyName})`,
  createdAt: accounts.createdAt,
  lastSignInAt: accounts.lastSignInAt,
};

/** The Accounts grid: `q` over e-mail and names (trigram index on the same expression). */
/**
 * Accounts that work at the connection's airport (issue 22): staff with a membership there, and
 * users of its companies (`companies` is under row-level security: another airport's company is
 * not seen). Accounts are the deployment's; an airport's administrators see and edit only these.
 */
const worksHere = sql`(exists (select 1 from airport_memberships m where m.account_id = ${accounts.id} and m.airport_id = apron_airport())
  or exists (select 1 from companies c where c.id = ${accounts.companyId}))`;

/** The account by id when it works at the connection's airport (Settings > Accounts); else null. */
export async function findAccountHere(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.id, id), worksHere)).limit(1);
  return row ?? null;
}

export async function listAccounts(db: DbOrTx, query: TAccountListQuery): Promise<{ rows: AccountRow[]; total: number }> {
  const filters: SQL[] = [worksHere];
  if (query.q) {
    filters.push(sql`lower(${accounts.email} || ' ' || ${accounts.givenName} || ' ' || ${accounts.familyName}) like ${containsPattern(query.q)}`);
  }
  if (query.internal) filters.push(eq(accounts.isInternal, query.internal === 'true'));
  const where = and(...filters);
  const sort = resolveSort(SORTS, query.sort, { field: 'email', direction: 'asc' as const });
  const column = sort.by;
  const order = sort.direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(order, asc(accounts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findAccountForUpdate(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1).for('update');
  return row ?? null;
}

/** The account by id, locked for an administrator's edit, when it works at the connection's airport; else null. */
export async function findAccountHereForUpdate(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.id, id), worksHere)).limit(1).for('update');
  return row ?? null;
}

export async function updateAccountRow(db: DbOrTx, id: string, values: Partial<NewAccount>): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  if (values.isAdmin !== undefined || values.modules !== undefined) await recordWorkAtCurrentAirport(db, row!);
  return row!;
}

/** The account linked to a subject at the external provider. */
export async function findAccountByExternalSubject(db: DbOrTx, subject: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.externalSubject, subject)).limit(1);
  return row ?? null;
}

/** Link an account to its external subject, unless it is linked already (then null). */
export async function linkExternalSubject(db: DbOrTx, id: string, subject: string): Promise<AccountRow | null> {
  const [row] = await db.update(accounts).set({ externalSubject: subject }).where(and(eq(accounts.id, id), isNull(accounts.externalSubject))).returning();
  return row ?? null;
}

export async function markSignedIn(db: DbOrTx, id: string): Promise<void> {
  await db.update(accounts).set({ lastSignInAt: new Date() }).where(eq(accounts.id, id));
}

/** Enabled internal administrators: who receives the public forms. */
export async function findEnabledInternalAdmins(db: DbOrTx): Promise<Array<{ id: string; email: string }>> {
  return db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.isInternal, true), eq(accounts.isAdmin, true), eq(accounts.enabled, true)))
    .orderBy(asc(accounts.email));
}

/** A company's users (external accounts), by e-mail. */
export async function listAccountsOfCompany(db: DbOrTx, companyId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.isInternal, false)))
    .orderBy(sql`lower(${accounts.email})`)
    .limit(1000);
}

/** One user of the company, locked for a change; null when the account is not that company's. */
export async function findCompanyAccountForUpdate(db: DbOrTx, companyId: string, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId), eq(accounts.isInternal, false)))
    .limit(1)
    .for('update');
  return row ?? null;
}
