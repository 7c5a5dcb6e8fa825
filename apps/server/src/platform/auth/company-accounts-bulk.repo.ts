import { and, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { companyHereSql } from '../tenancy/workplace';
import { isCompanyUserSql, linkCompanyUsers, linksOfCompanies } from '../tenancy/account-companies';
import { accounts, type AccountRow } from './accounts.table';

/**
 * Company users by the set, for the import of companies with their users (issue 23): a few
 * statements per chunk of rows, never one per user. Like every account write, through the
 * account store (docs/adr/0004).
 */

const USERS_PER_STATEMENT = 5000;

export interface NewCompanyUser {
  email: string;
  givenName: string;
  familyName: string;
  companyId: string;
}

/** An account holding one of a file's e-mails, and what it is to this airport. */
export interface AccountByEmail {
  id: string;
  email: string;
  isInternal: boolean;
  /** Whether it acts for a company anywhere (a company user, as opposed to an inspector or contractor). */
  isCompanyUser: boolean;
  /** The company it acts for at the connection's airport, if any (one per airport). */
  companyHere: string | null;
}

/** The accounts with these e-mails (any airport: an e-mail is one sign-in everywhere). */
export async function findAccountsByEmails(db: DbOrTx, emails: readonly string[]): Promise<AccountByEmail[]> {
  if (emails.length === 0) return [];
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      isInternal: accounts.isInternal,
      isCompanyUser: isCompanyUserSql(accounts.id),
      companyHere: companyHereSql(accounts.id),
    })
    .from(accounts)
    // One jsonb parameter, however many e-mails a chunk lists (no bind-parameter limit).
    .where(sql`lower(${accounts.email}) = any(array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)))`);
}

/**
 * External accounts of companies, without a password and without an invitation (an import sends
 * no e-mail; docs/import.md, "companies"). Sends nothing; the caller tracks what it created.
 */
export async function insertCompanyUsers(db: DbOrTx, users: readonly NewCompanyUser[]): Promise<AccountRow[]> {
  const created: AccountRow[] = [];
  // Five parameters a user: a few thousand users a statement stay far below PostgreSQL's limit.
  for (let at = 0; at < users.length; at += USERS_PER_STATEMENT) {
    const values = users.slice(at, at + USERS_PER_STATEMENT).map((u) => ({
      email: u.email.trim().toLowerCase(),
      givenName: u.givenName.trim(),
      familyName: u.familyName.trim(),
      isInternal: false,
      companyId: u.companyId,
    }));
    const rows = await db.insert(accounts).values(values).returning();
    await linkCompanyUsers(db, rows.map((row) => ({ accountId: row.id, companyId: row.companyId! })));
    created.push(...rows);
  }
  return created;
}

/** Of these company users, the ones someone has used since: a password set or a sign-in. */
export async function findUsedCompanyUsers(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(inIdList(accounts.id, ids), or(isNotNull(accounts.passwordHash), isNotNull(accounts.lastSignInAt))))
    .orderBy(accounts.email);
  return rows.map((r) => r.email);
}

/** Deletes company users (never a staff account: the company is part of the condition). */
export async function deleteCompanyUsers(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(accounts).where(and(inIdList(accounts.id, ids), isNotNull(accounts.companyId)));
}

/** The users of these companies (through their links), by company then e-mail (the export's user columns). */
export async function listUsersOfCompanies(db: DbOrTx, companyIds: readonly string[]): Promise<Array<{ companyId: string; email: string; givenName: string; familyName: string }>> {
  if (companyIds.length === 0) return [];
  const links = await linksOfCompanies(db, companyIds);
  if (links.length === 0) return [];
  const people = await db
    .select({ id: accounts.id, email: accounts.email, givenName: accounts.givenName, familyName: accounts.familyName })
    .from(accounts)
    .where(and(inIdList(accounts.id, [...new Set(links.map((l) => l.accountId))]), sql`not ${accounts.isInternal}`));
  const byId = new Map(people.map((p) => [p.id, p]));
  return links
    .flatMap((l) => {
      const person = byId.get(l.accountId);
      return person ? [{ companyId: l.companyId, email: person.email, givenName: person.givenName, familyName: person.familyName }] : [];
    })
    .sort((a, b) => a.companyId.localeCompare(b.companyId) || a.email.toLowerCase().localeCompare(b.email.toLowerCase()));
}

export { linkCompanyUsers, unlinkCompanyUsers, type CompanyUserLink } from '../tenancy/account-companies';
