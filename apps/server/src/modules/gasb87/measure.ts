import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { calendarDate, measureAtCommencement, readSetting, remeasure, type TGasb87Measurement, type TGasb87Version } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { findLeaseTerms, listAgreementsWhere, type LeaseChange } from '../agreements/index';
import { loadSystemSettings } from '../settings/index';
import { gasb87Measurements, gasb87ScheduleRows, type Gasb87MeasurementRow } from './gasb87.table';
import { measureInputsOf, type LeaseMeasureInputs } from './lease-payments';

/**
 * Measuring and remeasuring leases (docs/gasb87.md "Versions"). Runs in the transaction of the
 * change that calls for it (the agreements module's `leaseChanged` hook), so a lease and its
 * measurement never disagree; and from an idempotent job for agreements with none (the backfill,
 * and agreements made by the import).
 */

export interface MeasureCalendar {
  today: string;
  airportRatePercent: number;
}

export async function measureCalendar(db: DbOrTx, now = new Date()): Promise<MeasureCalendar> {
  const values = await loadSystemSettings(db, ['TIME_ZONE', 'GASB87_DISCOUNT_RATE']);
  return { today: calendarDate(now, readSetting(values, 'TIME_ZONE')), airportRatePercent: readSetting(values, 'GASB87_DISCOUNT_RATE') };
}

async function versionsOf(db: DbOrTx, agreementId: string): Promise<Gasb87MeasurementRow[]> {
  return db.select().from(gasb87Measurements).where(eq(gasb87Measurements.agreementId, agreementId)).orderBy(asc(gasb87Measurements.version));
}

async function asVersion(db: DbOrTx, row: Gasb87MeasurementRow): Promise<TGasb87Version> {
  const rows = await db
    .select()
    .from(gasb87ScheduleRows)
    .where(eq(gasb87ScheduleRows.measurementId, row.id))
    .orderBy(asc(gasb87ScheduleRows.seq));
  return { validFrom: row.validFrom, termEnd: row.termEnd ?? row.validFrom, receivableCents: row.receivableCents, deferredInflowCents: row.deferredInflowCents, rows };
}

const inForce = (v: Gasb87MeasurementRow) => v.validUntil === null || v.validUntil > v.validFrom;

async function insertVersion(tx: Tx, agreementId: string, version: number, reason: 'commencement' | 'modification', inputs: LeaseMeasureInputs, m: TGasb87Measurement | null): Promise<void> {
  const [row] = await tx
    .insert(gasb87Measurements)
    .values({
      agreementId,
      version,
      reason,
      exclusion: inputs.exclusion,
      validFrom: m?.validFrom ?? inputs.commencement,
      commencement: inputs.commencement,
      termEnd: inputs.termEnd,
      ratePercent: inputs.ratePercent,
      receivableCents: m?.receivableCents ?? 0,
      deferredInflowCents: m?.deferredInflowCents ?? 0,
      changeCents: m?.changeCents ?? 0,
      inputsHash: inputs.hash,
    })
    .returning({ id: gasb87Measurements.id });
  const rows = m?.rows ?? [];
  // In chunks: a 50-year weekly lease has 2,600 rows, well under the statement's parameter limit per chunk.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(gasb87ScheduleRows).values(rows.slice(i, i + 1000).map((r, k) => ({ measurementId: row!.id, seq: i + k + 1, ...r })));
  }
}

/**
 * (Re)measure one agreement. Nothing happens when the inputs are those of its latest version. A
 * change taking effect on or before commencement (or one that starts or ends an exclusion, or moves
 * the commencement) measures the lease afresh from commencement; a later one remeasures from its
 * date, the version in force then ending the day before. Versions after that date are superseded.
 * A change after the term has ended changes nothing measured.
 */
export async function measureAgreement(tx: Tx, change: LeaseChange, cal: MeasureCalendar): Promise<void> {
  const [terms] = await findLeaseTerms(tx, [change.agreementId]);
  if (!terms) return;
  const inputs = measureInputsOf(terms, cal.airportRatePercent);
  const versions = await versionsOf(tx, change.agreementId);
  const latest = versions.at(-1);
  if (latest?.inputsHash === inputs.hash) return;
  const nextVersion = (latest?.version ?? 0) + 1;
  const on = change.effectiveDate ?? cal.today;

  const base = [...versions].reverse().find((v) => inForce(v) && v.validFrom < on && v.exclusion === null && v.commencement === inputs.commencement);
  const fresh = !base || inputs.exclusion !== null || !inputs.termEnd || on <= inputs.commencement;
  if (!fresh && latest?.termEnd && on > latest.termEnd) return;

  const from = fresh ? inputs.commencement : on;
  // Versions in force from `from` on are superseded: each ends on its own first day (kept as history).
  await tx
    .update(gasb87Measurements)
    .set({ validUntil: sql`${gasb87Measurements.validFrom}` })
    .where(and(eq(gasb87Measurements.agreementId, change.agreementId), gte(gasb87Measurements.validFrom, from)));
  if (fresh) {
    await tx.update(gasb87Measurements).set({ validUntil: sql`${gasb87Measurements.validFrom}` }).where(eq(gasb87Measurements.agreementId, change.agreementId));
    const m = inputs.exclusion || !inputs.termEnd ? null : measureAtCommencement({ commencement: inputs.commencement, termEnd: inputs.termEnd, annualPercent: inputs.ratePercent, payments: inputs.payments });
    await insertVersion(tx, change.agreementId, nextVersion, 'commencement', inputs, m);
    return;
  }
  await tx.update(gasb87Measurements).set({ validUntil: from }).where(eq(gasb87Measurements.id, base!.id));
  const m = remeasure(await asVersion(tx, base!), { on: from, termEnd: inputs.termEnd!, annualPercent: inputs.ratePercent, payments: inputs.payments });
  await insertVersion(tx, change.agreementId, nextVersion, 'modification', inputs, m);
}

/** The hook the agreements module calls in a change's transaction. */
export async function onLeaseChanged(tx: Tx, change: LeaseChange): Promise<void> {
  await measureAgreement(tx, change, await measureCalendar(tx));
}

const unmeasured = (agreementId: AnyPgColumn) =>
  sql`not exists (select 1 from ${gasb87Measurements} where ${gasb87Measurements.agreementId} = ${agreementId})`;

/** Backfill: measure every agreement of the current airport that has no measurement, `chunk` per transaction. Idempotent. */
export async function measureUnmeasured(db: { transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> } & DbOrTx, chunk = 200): Promise<number> {
  const cal = await measureCalendar(db);
  let measured = 0;
  for (;;) {
    const ids = await listAgreementsWhere(db, unmeasured, chunk);
    if (ids.length === 0) return measured;
    await db.transaction(async (tx) => {
      for (const agreementId of ids) await measureAgreement(tx, { agreementId, effectiveDate: null }, cal);
    });
    measured += ids.length;
  }
}

/** The latest version (any), newest first: for the agreement's page. */
export async function latestVersionOf(db: DbOrTx, agreementId: string): Promise<Gasb87MeasurementRow | null> {
  const [row] = await db.select().from(gasb87Measurements).where(eq(gasb87Measurements.agreementId, agreementId)).orderBy(desc(gasb87Measurements.version)).limit(1);
  return row ?? null;
}

