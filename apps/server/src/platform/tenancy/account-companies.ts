import { and, asc, eq, sql } from 'drizzle-orm';
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
export async function unlinkCompany(db: DbOrTx, accountId: string, companyId: string): Promise<boolean> {
  const removed = await db
    .delete(accountCompanies)
    .where(and(eq(accountCompanies.accountId, accountId), eq(accountCompanies.companyId, companyId)))
    .returning({ accountId: accountCompanies.accountId });
  return removed.length > 0;
}
