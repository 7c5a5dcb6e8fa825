import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { AccountRow } from '../auth/accounts.table';
import { accountCompanies, airportMemberships } from './airports.table';

/**
 * Where an account works now and what it may do there (docs/airports.md, "People"):
 *
 * - a company user: one of the companies they act for (`account_companies`, one per airport):
 *   the one at the airport the session chose (the switcher), else the first linked; no modules.
 *   Every company-scoped query reads `user.companyId`, so at each airport they see that
 *   airport's company only;
 * - anyone else (staff; inspectors and contractors who sign in without a company): the airport
 *   the session chose (the switcher), while the account still works there, else the first airport
 *   the account works at; the admin flag and modules are its membership's at that airport.
 *
 * An account with neither works nowhere: its requests see no airport's rows (fail closed).
 */
export interface Workplace {
  airportId: string | null;
  /** A company user's company at that airport; null for anyone else. */
  companyId: string | null;
  isAdmin: boolean;
  modules: string[];
}

/** The chosen airport of a staff account, as SQL (the session lookup prepares it once). */
function staffAirportSql(accountId: AnyPgColumn | SQL, chosen: AnyPgColumn | SQL | null): SQL {
  const first = sql`(select mm.airport_id from airport_memberships mm where mm.account_id = ${accountId} order by mm.created_at, mm.airport_id limit 1)`;
  if (!chosen) return first;
  return sql`coalesce((select mm.airport_id from airport_memberships mm where mm.account_id = ${accountId} and mm.airport_id = ${chosen}), ${first})`;
}

/**
 * A company user's company at the chosen airport, else their first, as SQL ordering the links
 * (the link table is the deployment's: readable before any airport is set).
 */
function companyLinkOrderSql(link: { airportId: AnyPgColumn | SQL; createdAt: AnyPgColumn | SQL }, chosen: AnyPgColumn | SQL): SQL {
  return sql`(${link.airportId} = ${chosen}) is true desc, ${link.createdAt}, ${link.airportId}`;
}

/**
 * The workplace of an account as one SQL value (json, null when it works nowhere), for the
 * session lookup to read with the session in one prepared statement.
 */
export function workplaceSql(accountId: AnyPgColumn, companyId: AnyPgColumn, chosen: AnyPgColumn): SQL<Workplace | null> {
  return sql<Workplace | null>`case when ${companyId} is not null
      then (select json_build_object('airportId', l.airport_id, 'companyId', l.company_id, 'isAdmin', false, 'modules', '[]'::json)
            from account_companies l where l.account_id = ${accountId}
            order by ${companyLinkOrderSql({ airportId: sql`l.airport_id`, createdAt: sql`l.created_at` }, chosen)} limit 1)
      else (select json_build_object('airportId', m.airport_id, 'companyId', null, 'isAdmin', m.is_admin, 'modules', to_json(m.modules))
            from airport_memberships m
            where m.account_id = ${accountId} and m.airport_id = ${staffAirportSql(accountId, chosen)})
    end`;
}

/** The workplace of an account outside a session (bearer tokens, the sign-in answer). */
export async function workplaceOf(db: DbOrTx, account: AccountRow, chosenAirportId: string | null = null): Promise<Workplace> {
  const nowhere: Workplace = { airportId: null, companyId: null, isAdmin: false, modules: [] };
  if (account.companyId) {
    const chosen = chosenAirportId ? sql`${chosenAirportId}::uuid` : sql`null::uuid`;
    const [link] = await db
      .select({ airportId: accountCompanies.airportId, companyId: accountCompanies.companyId })
      .from(accountCompanies)
      .where(eq(accountCompanies.accountId, account.id))
      .orderBy(companyLinkOrderSql(accountCompanies, chosen))
      .limit(1);
    return link ? { ...nowhere, ...link } : nowhere;
  }
  if (!account.isInternal) {
    const airport = await membershipAt(db, account.id, chosenAirportId);
    return { ...nowhere, airportId: airport?.airportId ?? null };
  }
  const membership = await membershipAt(db, account.id, chosenAirportId);
  return membership ? { ...nowhere, ...membership } : nowhere;
}

async function membershipAt(db: DbOrTx, accountId: string, chosenAirportId: string | null): Promise<Omit<Workplace, 'companyId'> | null> {
  const airport = staffAirportSql(sql`${accountId}::uuid`, chosenAirportId ? sql`${chosenAirportId}::uuid` : null);
  const [row] = await db
    .select({ airportId: airportMemberships.airportId, isAdmin: airportMemberships.isAdmin, modules: airportMemberships.modules })
    .from(airportMemberships)
    .where(and(eq(airportMemberships.accountId, accountId), eq(airportMemberships.airportId, airport)))
    .limit(1);
  return row ?? null;
}

/**
 * An account as the current airport (the connection's `apron_airport()`) sees it, as SQL for the
 * account store: whether it works here (a membership here, or a link to one of this airport's
 * companies), the company it acts for here, and its admin flag and modules here (false / none
 * without a membership).
 */
export function worksHereSql(accountId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from airport_memberships wm where wm.account_id = ${accountId} and wm.airport_id = apron_airport())
    or exists (select 1 from account_companies wl where wl.account_id = ${accountId} and wl.airport_id = apron_airport()))`;
}

export function companyHereSql(accountId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select hl.company_id from account_companies hl where hl.account_id = ${accountId} and hl.airport_id = apron_airport())`;
}

/** Whether an account acts for one company (the company's own users: its grid, its notices' recipients). */
export function actsForCompanySql(accountId: AnyPgColumn, companyId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from account_companies cl where cl.account_id = ${accountId} and cl.company_id = ${companyId}::uuid)`;
}

export function adminHereSql(accountId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`coalesce((select am.is_admin from airport_memberships am where am.account_id = ${accountId} and am.airport_id = apron_airport()), false)`;
}

export function modulesHereSql(accountId: AnyPgColumn): SQL<string[]> {
  return sql<string[]>`coalesce((select mm.modules from airport_memberships mm where mm.account_id = ${accountId} and mm.airport_id = apron_airport()), '{}'::text[])`;
}

/** What an account may do at one airport: its membership there. */
export interface Work {
  isAdmin: boolean;
  modules: readonly string[];
}

/**
 * Records (or changes) an account's work at the connection's airport (`apron_airport()`; nothing
 * when none is set). Company users have no membership: their airport is their company's.
 */
export async function recordWorkAtCurrentAirport(db: DbOrTx, accountId: string, work: Work): Promise<void> {
  await db.execute(sql`
    insert into airport_memberships (account_id, airport_id, is_admin, modules)
    select ${accountId}::uuid, apron_airport(), ${work.isAdmin}, coalesce(string_to_array(nullif(${work.modules.join(',')}, ''), ','), '{}'::text[])
    where apron_airport() is not null
    on conflict (account_id, airport_id) do update set is_admin = excluded.is_admin, modules = excluded.modules`);
}

/** Ends an account's work at the connection's airport; false when it did not work there. */
export async function removeWorkAtCurrentAirport(db: DbOrTx, accountId: string): Promise<boolean> {
  const removed = await db
    .delete(airportMemberships)
    .where(and(eq(airportMemberships.accountId, accountId), eq(airportMemberships.airportId, sql`apron_airport()`)))
    .returning({ accountId: airportMemberships.accountId });
  return removed.length > 0;
}
