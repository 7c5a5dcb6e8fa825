import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { asSystem } from './airport-context';
import { accountCompanies, airportMemberships, airports, type AirportRow } from './airports.table';

/** The airports table is outside row-level security (it is what the server chooses from). */

export type NewAirport = typeof airports.$inferInsert;

export async function insertAirport(db: DbOrTx, values: NewAirport): Promise<AirportRow> {
  const [row] = await db.insert(airports).values(values).returning();
  return row!;
}

export async function listAirports(db: DbOrTx): Promise<AirportRow[]> {
  return asSystem(() => db.select().from(airports).orderBy(asc(airports.createdAt), asc(airports.id)));
}

export async function findAirport(db: DbOrTx, id: string): Promise<AirportRow | null> {
  const [row] = await db.select().from(airports).where(eq(airports.id, id)).limit(1);
  return row ?? null;
}

export async function updateAirport(db: DbOrTx, id: string, values: Partial<NewAirport>): Promise<AirportRow | null> {
  const [row] = await db.update(airports).set(values).where(eq(airports.id, id)).returning();
  return row ?? null;
}

/**
 * The enabled airports an account works at, by name: staff by their memberships, company users by
 * the companies they act for (one per airport; an account has one kind or the other).
 */
export async function airportsOfAccount(db: DbOrTx, account: { id: string }): Promise<AirportRow[]> {
  const works = sql`(exists (select 1 from ${airportMemberships} m where m.account_id = ${account.id}::uuid and m.airport_id = ${airports.id})
    or exists (select 1 from ${accountCompanies} l where l.account_id = ${account.id}::uuid and l.airport_id = ${airports.id}))`;
  return db.select().from(airports).where(and(eq(airports.enabled, true), works)).orderBy(asc(sql`lower(${airports.name})`), asc(airports.code));
}

/** A column of the current airport's row (`apron_airport()`), as a scalar subquery for other statements. */
export function currentAirportValueSql(column: 'name' | 'time_zone'): SQL<string> {
  return sql<string>`(select ${sql.identifier(column)} from ${airports} where ${airports.id} = apron_airport())`;
}

/** Edits the current airport's own row (the airports table has no policies: only this row is named). */
export async function updateCurrentAirport(db: DbOrTx, values: Partial<Pick<AirportRow, 'name' | 'timeZone' | 'mailFrom'>>): Promise<void> {
  await db.update(airports).set(values).where(sql`${airports.id} = apron_airport()`);
}
