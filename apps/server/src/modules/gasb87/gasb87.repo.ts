import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { addCalendarDays, fiscalYearOf, type TGasb87VersionFacts } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { gasb87Measurements as m, gasb87ScheduleRows as r, type Gasb87MeasurementRow } from './gasb87.table';

/**
 * The GASB 87 reports' reads, set-based over every lease of the airport (row-level security keeps
 * them to the caller's airport): one statement per report whatever the number of leases
 * (docs/gasb87.md "Speed").
 */

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

/** One measurement in the period as `periodFacts` reads it (a raw statement: numbers may come as strings). */
interface PeriodFactRow {
  agreementId: string;
  reason: TGasb87VersionFacts['reason'];
  validFrom: string;
  validUntil: string | null;
  termEnd: string;
  receivableCents: number | string;
  deferredInflowCents: number | string;
  changeCents: number | string;
  paymentCents: number | string;
  interestCents: number | string;
  principalCents: number | string;
  balanceBefore: number | string | null;
  balanceAtEnd: number | string | null;
}

/** A row is counted under its measurement only while that measurement is in force. */
const rowInForce = sql.raw('m.valid_until is null or r.date < m.valid_until');

/**
 * The balance at the end of the day before the period of a measurement with no row in it (`f`):
 * its last row before the period (an index lookup on `(measurement_id, date)`), else null.
 */
const balanceBeforePeriodOf = (from: string) => sql`select e.balance_cents from ${r} e where e.measurement_id = f.id and e.date < ${from} order by e.date desc limit 1`;

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Each measured lease's versions that were in force at some day of [from - 1, to], as roll-forward
 * facts, in one statement and one pass over the period's schedule rows (index `(airport_id, date)`):
 * - the sums of the rows due in the period while their version is in force;
 * - the balance at the end of the day before: the balance of the first row in the period plus its
 *   principal (every row's balance is the previous one less its principal, the opening one the
 *   receivable);
 * - the balance at the period's end: the last row in the period.
 * Only a version with no row in the period looks further, by one index lookup on
 * `(measurement_id, date)`: its last row before the period, else its opening receivable.
 */
export async function periodFacts(db: DbOrTx, from: string, to: string): Promise<Map<string, TGasb87VersionFacts[]>> {
  const dayBefore = addCalendarDays(from, -1);
  const balanceBeforePeriod = balanceBeforePeriodOf(from);
  const rows = rowsOf<PeriodFactRow>(
    await db.execute(sql`
      select f."agreementId", f.reason, f."validFrom", f."validUntil", f."termEnd", f."receivableCents", f."deferredInflowCents", f."changeCents",
             f."paymentCents", f."interestCents", f."principalCents",
             case when f.valid_from <= ${dayBefore} then coalesce(f.balance_before, (${balanceBeforePeriod}), f."receivableCents") end as "balanceBefore",
             case when f.valid_until is null or f.valid_until > ${to} then coalesce(f.balance_at_end, (${balanceBeforePeriod}), f."receivableCents") end as "balanceAtEnd"
      from (
        select m.id, m.valid_from, m.valid_until, m.agreement_id as "agreementId", m.reason, m.valid_from::text as "validFrom", m.valid_until::text as "validUntil",
               coalesce(m.term_end, m.valid_from)::text as "termEnd", m.receivable_cents as "receivableCents", m.deferred_inflow_cents as "deferredInflowCents",
               m.change_cents as "changeCents",
               coalesce(sum(r.payment_cents) filter (where ${rowInForce}), 0) as "paymentCents",
               coalesce(sum(r.interest_cents) filter (where ${rowInForce}), 0) as "interestCents",
               coalesce(sum(r.principal_cents) filter (where ${rowInForce}), 0) as "principalCents",
               (array_agg(r.balance_cents + r.principal_cents order by r.date) filter (where r.date is not null))[1] as balance_before,
               (array_agg(r.balance_cents order by r.date desc) filter (where r.date is not null))[1] as balance_at_end
        from ${m} m
        left join ${r} r on r.measurement_id = m.id and r.date between ${from} and ${to}
        -- in force some day of [from - 1, to]; a version superseded on its own first day never was
        where m.exclusion is null and m.valid_from <= ${to} and (m.valid_until is null or (m.valid_until > ${dayBefore} and m.valid_until > m.valid_from))
        group by m.id
      ) f`),
  );
  const facts = new Map<string, TGasb87VersionFacts[]>();
  for (const row of rows) {
    const list = facts.get(row.agreementId) ?? [];
    list.push({
      reason: row.reason,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      termEnd: row.termEnd,
      receivableCents: Number(row.receivableCents),
      deferredInflowCents: Number(row.deferredInflowCents),
      changeCents: Number(row.changeCents),
      paymentCents: Number(row.paymentCents),
      interestCents: Number(row.interestCents),
      principalCents: Number(row.principalCents),
      balanceBefore: numberOrNull(row.balanceBefore),
      balanceAtEnd: numberOrNull(row.balanceAtEnd),
    });
    facts.set(row.agreementId, list);
  }
  return facts;
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
