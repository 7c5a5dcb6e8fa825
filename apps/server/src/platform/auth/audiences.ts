import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from './accounts.table';
import { worksAtCurrentAirportSql } from './accounts.repo';
import { actsForCompanySql, modulesHereSql } from '../tenancy/workplace';

/**
 * Who receives a message: enabled accounts only (a disabled account neither signs in nor gets
 * alerts or e-mails). Used by staff alerts (user groups) and notification rules (audiences).
 */
export interface Recipient {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  isInternal: boolean;
}

const RECIPIENT = {
  id: accounts.id,
  email: accounts.email,
  givenName: accounts.givenName,
  familyName: accounts.familyName,
  isInternal: accounts.isInternal,
};
/** A generous cap: the Create Notification dialog and a rule never address more at once. */
const MAX_RECIPIENTS = 5_000;
/** "Active" users: signed in within this many days. */
export const ACTIVE_USER_DAYS = 90;

function enabledWhere(...conditions: SQL[]): SQL {
  // Only people of the current airport: its staff and its companies' users.
  return and(eq(accounts.enabled, true), worksAtCurrentAirportSql, ...conditions)!;
}

async function recipientsWhere(db: DbOrTx, where: SQL): Promise<Recipient[]> {
  return db.select(RECIPIENT).from(accounts).where(where).orderBy(asc(sql`lower(${accounts.email})`)).limit(MAX_RECIPIENTS);
}

/** Internal users holding a module (a notification rule's internal audience). */
export function findInternalRecipientsWithModule(db: DbOrTx, module: string): Promise<Recipient[]> {
  return recipientsWhere(
    db,
    enabledWhere(
      eq(accounts.isInternal, true),
      sql`${module} = any(${modulesHereSql(accounts.id)})`,
    ),
  );
}

/** The users of one company (a rule's external audience; a notice's company contacts). */
export function findCompanyRecipients(db: DbOrTx, companyId: string): Promise<Recipient[]> {
  return recipientsWhere(db, enabledWhere(eq(accounts.isInternal, false), actsForCompanySql(accounts.id, companyId)));
}

export function findAllRecipients(db: DbOrTx): Promise<Recipient[]> {
  return recipientsWhere(db, enabledWhere());
}

export function findInternalRecipients(db: DbOrTx): Promise<Recipient[]> {
  return recipientsWhere(db, enabledWhere(eq(accounts.isInternal, true)));
}

/** Every company user (external accounts tied to a company). */
export function findAllCompanyRecipients(db: DbOrTx): Promise<Recipient[]> {
  return recipientsWhere(db, enabledWhere(eq(accounts.isInternal, false), isNotNull(accounts.companyId)));
}

/** Users who signed in within the last `ACTIVE_USER_DAYS` days. */
export function findActiveRecipients(db: DbOrTx): Promise<Recipient[]> {
  return recipientsWhere(db, enabledWhere(gt(accounts.lastSignInAt, sql`now() - make_interval(days => ${ACTIVE_USER_DAYS})`)));
}

/** The accounts with these e-mails (case-insensitive), e.g. wait-list applicants who have one. */
export function findRecipientsByEmails(db: DbOrTx, emails: readonly string[]): Promise<Recipient[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return recipientsWhere(db, enabledWhere(inArray(sql`lower(${accounts.email})`, [...new Set(emails.map((e) => e.toLowerCase()))])));
}

/** These ids, when each is an enabled account; the ids that are not come back in `missing`. */
export async function findRecipientsByIds(db: DbOrTx, ids: readonly string[]): Promise<{ found: Recipient[]; missing: string[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { found: [], missing: [] };
  const found = await db.select(RECIPIENT).from(accounts).where(enabledWhere(inArray(accounts.id, unique)));
  const seen = new Set(found.map((r) => r.id));
  return { found, missing: unique.filter((id) => !seen.has(id)) };
}
