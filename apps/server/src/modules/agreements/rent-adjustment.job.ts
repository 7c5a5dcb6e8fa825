import type { Db } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/errors/app-error';
import { agreementsWithAdjustments } from './rent-adjustment.repo';
import { adjustmentCalendar, applyDueAdjustments } from './rent-adjustment.service';

export const RENT_ADJUSTMENT_JOB = 'agreements-rent-adjustment';
/**
 * Hourly at minute 23 (UTC), once for each airport, for the reason the status job gives:
 * adjustments fall due on each airport's own date; the run is idempotent (the unique key of
 * `rent_adjustments`), so the extra runs of a day change nothing (docs/airports.md, "Jobs").
 */
export const RENT_ADJUSTMENT_CRON = '23 * * * *';

const SYSTEM: AuditActor = { user: null, requestId: RENT_ADJUSTMENT_JOB };

export interface RentAdjustmentRun {
  today: string;
  applied: number;
  /** Agreements left alone, with why ('CPI index for 2025-06 is missing'); the preview shows it too. */
  skipped: Array<{ agreementId: string; reason: string }>;
}

/**
 * Applies the due adjustments of every Active / Expiring Soon agreement, one transaction per
 * agreement so one agreement's missing CPI index does not hold back the others. Safe to run twice
 * and on N instances: each agreement is locked while applied and each adjustment is keyed.
 */
export async function runRentAdjustmentJob(db: Db, now = new Date()): Promise<RentAdjustmentRun> {
  const cal = await adjustmentCalendar(db, now);
  const run: RentAdjustmentRun = { today: cal.today, applied: 0, skipped: [] };
  for (const agreementId of await agreementsWithAdjustments(db, cal.today)) {
    try {
      run.applied += (await db.transaction((tx) => applyDueAdjustments(tx, SYSTEM, agreementId, cal))).length;
    } catch (error) {
      // A missing CPI index (or the agreement archived meanwhile) skips this agreement only.
      if (!(error instanceof AppError)) throw error;
      run.skipped.push({ agreementId, reason: error.message });
    }
  }
  return run;
}
