import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { inIdList } from '../../db/id-list';
import type { DbOrTx } from '../../db/client';
import { accountCompanies } from './airports.table';

/**
 * The companies a company user acts for, one per airport (`account_companies`, docs/airports.md,
 * "People"): one sign-in for a person whose companies lease at several airports. The table has no
 * row-level security (the sign-in reads it before an airport is chosen), so every write names the
 * connection's airport and the database refuses a company of another airport (composite key).
 */
export interface CompanyLink {
  companyId: string;
  airportId: string;
}

/**
 * Links an account to a company of the connection's airport (`apron_airport()`); false when the
 * account already acts for a company here (one per airport) or for this one.
 */
export async function linkCompanyAtCurrentAirport(db: DbOrTx, accountId: string, companyId: string): Promise<boolean> {
  const added = await db
    .insert(accountCompanies)
    .values({ accountId, companyId, airportId: sql`apron_airport()` })
    .onConflictDoNothing()
    .returning({ accountId: accountCompanies.accountId });
  return added.length > 0;
}

/** The company an account acts for at the connection's airport, if any. */
export async function companyLinkHere(db: DbOrTx, accountId: string): Promise<CompanyLink | null> {
  const [row] = await db
    .select({ companyId: accountCompanies.companyId, airportId: accountCompanies.airportId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.accountId, accountId), eq(accountCompanies.airportId, sql`apron_airport()`)))
    .limit(1);
  return row ?? null;
}

/** Every company an account acts for, the first linked first. */
export async function companyLinksOf(db: DbOrTx, accountId: string): Promise<CompanyLink[]> {
  return db
    .select({ companyId: accountCompanies.companyId, airportId: accountCompanies.airportId })
    .from(accountCompanies)
    .where(eq(accountCompanies.accountId, accountId))
    .orderBy(asc(accountCompanies.createdAt), asc(accountCompanies.airportId));
}

/** Ends an account's link with one company; false when there was none. */
/** The accounts among `accountIds` that act for a company other than `companyId` (at any airport). */
export async function accountsWithOtherCompanies(db: DbOrTx, accountIds: readonly string[], companyId: string): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ accountId: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(inIdList(accountCompanies.accountId, accountIds), ne(accountCompanies.companyId, companyId)));
  return new Set(rows.map((row) => row.accountId));
}

export async function unlinkCompany(db: DbOrTx, accountId: string, companyId: string): Promise<boolean> {
  const removed = await db
    .delete(accountCompanies)
    .where(and(eq(accountCompanies.accountId, accountId), eq(accountCompanies.companyId, companyId)))
    .returning({ accountId: accountCompanies.accountId });
  return removed.length > 0;
}

/** A company user's link with a company of the connection's airport (`account_companies`). */
export interface CompanyUserLink {
  accountId: string;
  companyId: string;
}

/**
 * Links accounts to companies of the connection's airport, one statement for the set: a person who
 * already acts for a company at another airport keeps one sign-in (docs/airports.md, "People").
 */
export async function linkCompanyUsers(db: DbOrTx, links: readonly CompanyUserLink[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(sql`
    insert into account_companies (account_id, company_id, airport_id)
    select l.account_id, l.company_id, apron_airport()
    from jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ account_id: l.accountId, company_id: l.companyId })))}::jsonb) as l(account_id uuid, company_id uuid)
    on conflict do nothing`);
}

/** Ends these links (an import's undo of the people it linked rather than created). */
export async function unlinkCompanyUsers(db: DbOrTx, links: readonly CompanyUserLink[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(sql`
    delete from account_companies a
    using jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ account_id: l.accountId, company_id: l.companyId })))}::jsonb) as l(account_id uuid, company_id uuid)
    where a.account_id = l.account_id and a.company_id = l.company_id`);
}

/** The links of these companies (of the connection's airport): who acts for each. */
export async function linksOfCompanies(db: DbOrTx, companyIds: readonly string[]): Promise<CompanyUserLink[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({ accountId: accountCompanies.accountId, companyId: accountCompanies.companyId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.airportId, sql`apron_airport()`), inIdList(accountCompanies.companyId, companyIds)));
}

/** Whether an account acts for a company anywhere (a company user, not an inspector or contractor). */
export function isCompanyUserSql(accountId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from account_companies cu where cu.account_id = ${accountId})`;
}
