import { and, asc, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inIdList } from '../../db/id-list';
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

/** The accounts with these e-mails (any airport: an e-mail is one sign-in everywhere). */
export async function findAccountsByEmails(db: DbOrTx, emails: readonly string[]): Promise<Array<Pick<AccountRow, 'id' | 'email' | 'isInternal' | 'companyId'>>> {
  if (emails.length === 0) return [];
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  return db
    .select({ id: accounts.id, email: accounts.email, isInternal: accounts.isInternal, companyId: accounts.companyId })
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
    created.push(...(await db.insert(accounts).values(values).returning()));
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

/** The users of these companies, by company then e-mail (the export's user columns). */
export async function listUsersOfCompanies(db: DbOrTx, companyIds: readonly string[]): Promise<Array<Pick<AccountRow, 'companyId' | 'email' | 'givenName' | 'familyName'>>> {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: accounts.companyId, email: accounts.email, givenName: accounts.givenName, familyName: accounts.familyName })
    .from(accounts)
    .where(and(inIdList(accounts.companyId, companyIds), sql`not ${accounts.isInternal}`))
    .orderBy(asc(accounts.companyId), sql`lower(${accounts.email})`);
}
