import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type TAccountListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../http/list-sort';
import { accounts, type AccountRow } from './accounts.table';
import { containsPattern } from '../http/list-search';
import { actsForCompanySql, adminHereSql, companyHereSql, modulesHereSql, recordWorkAtCurrentAirport, worksHereSql } from '../tenancy/workplace';
import { linkCompanyAtCurrentAirport } from '../tenancy/account-companies';

/**
 * The account store. Accounts are who can sign in — sessions, bearer tokens, password links and
 * the built-in provider read them on every request — so the table belongs to platform/auth
 * (docs/adr/0004); every module, the accounts administration included, reads and writes accounts
 * through these functions.
 */

export type NewAccount = typeof accounts.$inferInsert;
/**
 * A new account: with a company (of the current airport), its link to that company; without one,
 * its work (admin flag, modules) at the current airport.
 */
export type NewAccountInput = NewAccount & { isAdmin?: boolean; modules?: readonly string[] };

/**
 * An account as the current airport sees it: its admin flag and modules are its membership's here,
 * and a company user's `companyId` is the company they act for here.
 */
export type AccountAtAirport = AccountRow & { isAdmin: boolean; modules: string[] };

/**
 * Who the current airport's administrators see: accounts that work here (a membership) and the
 * users of this airport's companies (a link to one of them).
 */
export const worksAtCurrentAirportSql = worksHereSql(accounts.id);

const AT_AIRPORT = {
  account: accounts,
  isAdmin: adminHereSql(accounts.id),
  modules: modulesHereSql(accounts.id),
  companyHere: companyHereSql(accounts.id),
};

function atAirport(row: { account: AccountRow; isAdmin: boolean; modules: string[]; companyHere: string | null }): AccountAtAirport {
  if (!row.account.companyId) return { ...row.account, isAdmin: row.isAdmin, modules: row.modules };
  return { ...row.account, companyId: row.companyHere ?? row.account.companyId, isAdmin: false, modules: [] };
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

export async function insertAccount(db: DbOrTx, input: NewAccountInput): Promise<AccountRow> {
  const { isAdmin, modules, ...values } = input;
  const [row] = await db.insert(accounts).values({ ...values, email: values.email.toLowerCase() }).returning();
  if (row!.companyId) await linkCompanyAtCurrentAirport(db, row!.id, row!.companyId);
  else await recordWorkAtCurrentAirport(db, row!.id, { isAdmin: isAdmin ?? false, modules: modules ?? [] });
  return row!;
}

/** An account that works at the current airport (or is a user of one of its companies); null otherwise. */
export async function findAccountAtAirport(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<AccountAtAirport | null> {
  const query = db.select(AT_AIRPORT).from(accounts).where(and(eq(accounts.id, id), worksAtCurrentAirportSql)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? atAirport(row) : null;
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

/** The Accounts grid of the current airport: `q` over e-mail and names (trigram index on the same expression). */
export async function listAccounts(db: DbOrTx, query: TAccountListQuery): Promise<{ rows: AccountAtAirport[]; total: number }> {
  const filters: SQL[] = [worksAtCurrentAirportSql];
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
      .select(AT_AIRPORT)
      .from(accounts)
      .where(where)
      .orderBy(order, asc(accounts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows: rows.map(atAirport), total: counted?.n ?? 0 };
}

export async function findAccountForUpdate(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateAccountRow(db: DbOrTx, id: string, values: Partial<NewAccount>): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
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

/** Enabled internal administrators of the current airport: who receives the public forms. */
export async function findEnabledInternalAdmins(db: DbOrTx): Promise<Array<{ id: string; email: string }>> {
  return db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.isInternal, true), adminHereSql(accounts.id), eq(accounts.enabled, true)))
    .orderBy(asc(accounts.email));
}

/** A company's users (external accounts acting for it), by e-mail. */
export async function listAccountsOfCompany(db: DbOrTx, companyId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(actsForCompanySql(accounts.id, companyId), eq(accounts.isInternal, false)))
    .orderBy(sql`lower(${accounts.email})`)
    .limit(1000);
}

/** One user of the company, locked for a change; null when the account is not that company's. */
export async function findCompanyAccountForUpdate(db: DbOrTx, companyId: string, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), actsForCompanySql(accounts.id, companyId), eq(accounts.isInternal, false)))
    .limit(1)
    .for('update');
  return row ?? null;
}
