import { and, asc, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, type AccountRow } from './accounts.table';

/**
 * Company users by the set, for the import of companies with their users (issue 23): a few
 * statements per chunk of rows, never one per user. Like every account write, through the
 * account store (docs/adr/0004).
 */

export interface NewCompanyUser {
  email: string;
  givenName: string;
  familyName: string;
  companyId: string;
}

/** The accounts with these e-mails (any airport: an e-mail is one sign-in everywhere). */
export async function findAccountsByEmails(db: DbOrTx, emails: readonly string[]): Promise<Array<Pick<AccountRow, 'id' | 'email' | 'isInternal' | 'companyId'>>> {
  if (emails.length === 0) return [];
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  return db
    .select({ id: accounts.id, email: accounts.email, isInternal: accounts.isInternal, companyId: accounts.companyId })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.email})`, wanted));
}

/**
 * External accounts of companies, without a password: each user sets one with "Forgot password"
 * (or an invitation sent later). Sends nothing; the caller tracks what it created.
 */
export async function insertCompanyUsers(db: DbOrTx, users: readonly NewCompanyUser[]): Promise<AccountRow[]> {
  if (users.length === 0) return [];
  return db
    .insert(accounts)
    .values(
      users.map((u) => ({
        email: u.email.trim().toLowerCase(),
        givenName: u.givenName.trim(),
        familyName: u.familyName.trim(),
        isInternal: false,
        companyId: u.companyId,
      })),
    )
    .returning();
}

/** Of these company users, the ones someone has used since: a password set or a sign-in. */
export async function findUsedCompanyUsers(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(inArray(accounts.id, [...ids]), or(isNotNull(accounts.passwordHash), isNotNull(accounts.lastSignInAt))))
    .orderBy(accounts.email);
  return rows.map((r) => r.email);
}

/** Deletes company users (never a staff account: the company is part of the condition). */
export async function deleteCompanyUsers(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(accounts).where(and(inArray(accounts.id, [...ids]), isNotNull(accounts.companyId)));
}

/** The users of these companies, by company then e-mail (the export's user columns). */
export async function listUsersOfCompanies(db: DbOrTx, companyIds: readonly string[]): Promise<Array<Pick<AccountRow, 'companyId' | 'email' | 'givenName' | 'familyName'>>> {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: accounts.companyId, email: accounts.email, givenName: accounts.givenName, familyName: accounts.familyName })
    .from(accounts)
    .where(and(inArray(accounts.companyId, [...companyIds]), sql`not ${accounts.isInternal}`))
    .orderBy(asc(accounts.companyId), sql`lower(${accounts.email})`);
}
