import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { addCalendarDays, fiscalYearOf, type TGasb87VersionFacts } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { gasb87Measurements as m, gasb87ScheduleRows as r, type Gasb87MeasurementRow } from './gasb87.table';

/**
 * The GASB 87 reports' reads, set-based over every lease of the airport (row-level security keeps
 * them to the caller's airport): a handful of statements whatever the number of leases — the
 * measurement headers, the sums of a period's schedule rows per measurement, and each lease's
 * balance at two dates by index lookups (docs/gasb87.md "Speed").
 */

/** A row is counted under its measurement only while that measurement is in force. */
const rowInForce = or(isNull(m.validUntil), sql`${r.date} < ${m.validUntil}`);

export async function measurementsOf(db: DbOrTx, agreementId: string): Promise<Gasb87MeasurementRow[]> {
  return db.select().from(m).where(eq(m.agreementId, agreementId)).orderBy(desc(m.version));
}

export async function scheduleOf(db: DbOrTx, measurementId: string) {
  return db
    .select({ date: r.date, paymentCents: r.paymentCents, interestCents: r.interestCents, principalCents: r.principalCents, balanceCents: r.balanceCents })
    .from(r)
    .where(eq(r.measurementId, measurementId))
    .orderBy(asc(r.seq));
}

/** Each measured lease's versions that were in force at some day of [from - 1, to], as roll-forward facts. */
export async function periodFacts(db: DbOrTx, from: string, to: string): Promise<Map<string, TGasb87VersionFacts[]>> {
  const dayBefore = addCalendarDays(from, -1);
  const headers = await db
    .select()
    .from(m)
    .where(and(isNull(m.exclusion), lte(m.validFrom, to), or(isNull(m.validUntil), gt(m.validUntil, dayBefore)), sql`(${m.validUntil} is null or ${m.validUntil} > ${m.validFrom})`));
  if (headers.length === 0) return new Map();
  const sums = await db
    .select({
      id: r.measurementId,
      payment: sql<string>`sum(${r.paymentCents})`,
      interest: sql<string>`sum(${r.interestCents})`,
      principal: sql<string>`sum(${r.principalCents})`,
    })
    .from(r)
    .innerJoin(m, eq(m.id, r.measurementId))
    .where(and(sql`${r.date} between ${from} and ${to}`, rowInForce))
    .groupBy(r.measurementId);
  const sumsOf = new Map(sums.map((s) => [s.id, s]));
  const before = await balancesAt(db, dayBefore);
  const atEnd = await balancesAt(db, to);
  const facts = new Map<string, TGasb87VersionFacts[]>();
  for (const h of headers) {
    const s = sumsOf.get(h.id);
    const list = facts.get(h.agreementId) ?? [];
    list.push({
      reason: h.reason as TGasb87VersionFacts['reason'],
      validFrom: h.validFrom,
      validUntil: h.validUntil,
      termEnd: h.termEnd ?? h.validFrom,
      receivableCents: h.receivableCents,
      deferredInflowCents: h.deferredInflowCents,
      changeCents: h.changeCents,
      paymentCents: Number(s?.payment ?? 0),
      interestCents: Number(s?.interest ?? 0),
      principalCents: Number(s?.principal ?? 0),
      balanceBefore: before.get(h.id) ?? null,
      balanceAtEnd: atEnd.get(h.id) ?? null,
    });
    facts.set(h.agreementId, list);
  }
  return facts;
}

/** The receivable at the end of `date` of every measurement in force then: its last row on or before it, else its opening amount. */
async function balancesAt(db: DbOrTx, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: m.id,
      balance: sql<string>`coalesce((select ${r.balanceCents} from ${r} where ${r.measurementId} = ${m.id} and ${r.date} <= ${date} order by ${r.date} desc limit 1), ${m.receivableCents})`,
    })
    .from(m)
    .where(and(isNull(m.exclusion), lte(m.validFrom, date), or(isNull(m.validUntil), gt(m.validUntil, date))));
  return new Map(rows.map((x) => [x.id, Number(x.balance)]));
}

/**
 * Principal and interest of the payments due after `asOf`, by fiscal year: every remaining row of the
 * measurement in force at `asOf` (what was known then), so the principal adds up to the receivable.
 */
export async function maturityByFiscalYear(db: DbOrTx, asOf: string, startMonth: number): Promise<Array<{ fiscalYear: number; principal: number; interest: number }>> {
  // Summed by calendar month in SQL (a few hundred rows), folded into fiscal years here.
  const month = sql<string>`to_char(${r.date}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, principal: sql<string>`sum(${r.principalCents})`, interest: sql<string>`sum(${r.interestCents})` })
    .from(r)
    .innerJoin(m, eq(m.id, r.measurementId))
    .where(and(isNull(m.exclusion), lte(m.validFrom, asOf), or(isNull(m.validUntil), gt(m.validUntil, asOf)), gt(r.date, asOf)))
    .groupBy(month);
  const years = new Map<number, { fiscalYear: number; principal: number; interest: number }>();
  for (const x of rows) {
    const fiscalYear = fiscalYearOf(`${x.month}-01`, startMonth);
    const year = years.get(fiscalYear) ?? { fiscalYear, principal: 0, interest: 0 };
    year.principal += Number(x.principal);
    year.interest += Number(x.interest);
    years.set(fiscalYear, year);
  }
  return [...years.values()].sort((a, b) => a.fiscalYear - b.fiscalYear);
}
