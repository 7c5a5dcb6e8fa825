import { sql } from 'drizzle-orm';
import { addMonths, measureAtCommencement } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { gasb87Measurements, gasb87ScheduleRows } from './gasb87.table';

/**
 * Benchmark data (issue 24): one measurement at commencement for each of the airport's agreements
 * (made by `seedBenchAgreements`), with the engine's own schedule of monthly payments in advance
 * over the agreement's term at 5 %. For `bench/` only: never called by the app or tests.
 */
export async function seedBenchMeasurements(db: DbOrTx): Promise<{ measurements: number; rows: number }> {
  const agreements = rowsOf<{ id: string; start: string; end: string; n: number }>(
    await db.execute(sql`select id, start_date::text as start, end_date::text as "end", (row_number() over (order by id))::int as n from agreements where end_date is not null order by id`),
  );
  let rows = 0;
  for (let i = 0; i < agreements.length; i += 200) {
    const chunk = agreements.slice(i, i + 200).map((a) => {
      const payments = [];
      for (let k = 0; addMonths(a.start, k) <= a.end; k++) payments.push({ date: addMonths(a.start, k), cents: 50_000 + (a.n % 100) * 1_000 });
      return { agreement: a, m: measureAtCommencement({ commencement: a.start, termEnd: a.end, annualPercent: 5, payments }) };
    });
    const inserted = await db
      .insert(gasb87Measurements)
      .values(chunk.map(({ agreement, m }) => ({
        agreementId: agreement.id, version: 1, reason: 'commencement', validFrom: m.validFrom, commencement: m.validFrom, termEnd: m.termEnd, ratePercent: 5,
        receivableCents: m.receivableCents, deferredInflowCents: m.deferredInflowCents, changeCents: m.changeCents, inputsHash: 'bench',
      })))
      .returning({ id: gasb87Measurements.id, agreementId: gasb87Measurements.agreementId });
    const idOf = new Map(inserted.map((x) => [x.agreementId, x.id]));
    const values = chunk.flatMap(({ agreement, m }) => m.rows.map((r, k) => ({ measurementId: idOf.get(agreement.id)!, seq: k + 1, ...r })));
    for (let j = 0; j < values.length; j += 5000) await db.insert(gasb87ScheduleRows).values(values.slice(j, j + 5000));
    rows += values.length;
  }
  return { measurements: agreements.length, rows };
}
