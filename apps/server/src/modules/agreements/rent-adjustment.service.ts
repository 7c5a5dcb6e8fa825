import {
  adjustRentCents, AGREEMENT_MESSAGES, calendarDate, cpiChangePercent, cpiPeriodsFor, fromCents, nextAdjustmentDates, readSetting,
  RENT_ADJUSTMENT_MESSAGES, rentAdjustmentReason, type TRentAdjustmentPreviewRow, type TRentAdjustmentResult, type TRentAdjustmentRule,
} from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { loadSystemSettings } from '../settings/index';
import { lockAgreement } from './agreements.repo';
import * as repo from './rent-adjustment.repo';

/**
 * Rent adjustment (docs/billing.md "Rent adjustment"): which adjustments are due for each
 * property of an agreement, what they come to, and applying them. Planning is the same for the
 * preview, the Apply button and the daily job, so what the page shows is what gets applied.
 */

export interface AdjustmentCalendar {
  today: string;
  timeZone: string;
}

/** Today in the airport time zone (System Settings `TIME_ZONE`). */
export async function adjustmentCalendar(db: DbOrTx, now = new Date()): Promise<AdjustmentCalendar> {
  const timeZone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  return { today: calendarDate(now, timeZone), timeZone };
}

export interface PlannedAdjustment {
  propertyId: string;
  propertyName: string;
  effectiveDate: string;
  due: boolean;
  oldCents: number;
  newCents: number | null;
  appliedPercent: number | null;
  cpi: TRentAdjustmentPreviewRow['cpi'];
  reason: string;
  problem: string | null;
}

export interface AdjustmentPlan {
  subject: repo.AdjustmentSubject;
  rows: PlannedAdjustment[];
}

const maxDate = (...dates: string[]) => dates.reduce((a, b) => (a > b ? a : b));

/**
 * The adjustment dates of one property: from the adjustment start, but never before the property
 * was on the agreement (its lease period, and the day it was added: the rent entered then is taken
 * as current, so a lease keyed in late does not compound years of past adjustments), up to the
 * end of its lease.
 */
function datesOf(subject: repo.AdjustmentSubject, link: repo.AdjustmentLink, cal: AdjustmentCalendar): string[] {
  if (!subject.adjustmentDate) return [];
  const from = maxDate(subject.adjustmentDate, link.startDate, calendarDate(link.linkedAt, cal.timeZone));
  return nextAdjustmentDates(subject.adjustmentDate, subject.adjustmentFreq, from, link.endDate ?? '9999-12-31');
}

function ruleOf(subject: repo.AdjustmentSubject, cpiChange: number): TRentAdjustmentRule {
  if (subject.skuType === 'Flat') return { skuType: 'Flat', skuValueCents: subject.skuAmountCents ?? 0 };
  if (subject.skuType === 'Percent') return { skuType: 'Percent', percent: subject.skuPercent ?? 0 };
  return { skuType: 'CPI', percent: subject.skuPercent ?? 0, cpiChangePercent: cpiChange };
}

/**
 * Every due adjustment (on or before today, not applied yet) of every property, in date order and
 * chained (the second starts from the first's new rent), plus the next one to come when none is due.
 */
export async function planAdjustments(db: DbOrTx, agreementId: string, cal: AdjustmentCalendar, lock = false): Promise<AdjustmentPlan | null> {
  const subject = await repo.findAdjustmentSubject(db, agreementId);
  if (!subject) return null;
  const links = await repo.findAdjustmentLinks(db, agreementId, lock);
  const applied = await repo.appliedAdjustmentKeys(db, agreementId);

  const wanted = links.map((link) => {
    const dates = datesOf(subject, link, cal);
    const due = dates.filter((d) => d <= cal.today && !applied.has(`${link.propertyId}|${d}`));
    const next = dates.find((d) => d > cal.today);
    return { link, dates: due.length > 0 ? due : next ? [next] : [], due: due.length > 0 };
  });
  const periods = subject.skuType === 'CPI'
    ? wanted.flatMap((w) => w.dates.flatMap((d) => Object.values(cpiPeriodsFor(d, subject.adjustmentFreq))))
    : [];
  const cpi = await repo.cpiValues(db, [...new Set(periods)]);

  const rows: PlannedAdjustment[] = [];
  for (const { link, dates, due } of wanted) {
    let current: number | null = link.rentCents;
    let blocked: string | null = null;
    for (const effectiveDate of dates) {
      let figures: PlannedAdjustment['cpi'] = null;
      let change = 0;
      let problem: string | null = blocked;
      if (subject.skuType === 'CPI') {
        const { basePeriod, currentPeriod } = cpiPeriodsFor(effectiveDate, subject.adjustmentFreq);
        const baseValue = cpi.get(basePeriod) ?? null;
        const currentValue = cpi.get(currentPeriod) ?? null;
        const missing = baseValue === null ? basePeriod : currentValue === null ? currentPeriod : null;
        problem ??= missing ? RENT_ADJUSTMENT_MESSAGES.cpiMissing(missing) : null;
        change = baseValue !== null && currentValue !== null ? cpiChangePercent(baseValue, currentValue) : 0;
        figures = { basePeriod, baseValue, currentPeriod, currentValue, changePercent: missing ? null : change };
      }
      const rule = ruleOf(subject, change);
      const result: TRentAdjustmentResult | null = current === null || problem ? null : adjustRentCents(current, rule);
      rows.push({
        propertyId: link.propertyId,
        propertyName: link.propertyName,
        effectiveDate,
        due,
        oldCents: current ?? link.rentCents,
        newCents: result?.newCents ?? null,
        appliedPercent: result?.appliedPercent ?? null,
        cpi: figures,
        reason: result ? rentAdjustmentReason(rule, result, figures ?? undefined) : subject.skuType,
        problem,
      });
      // A later adjustment of this property cannot be worked out without the earlier one.
      blocked = problem;
      current = result?.newCents ?? null;
    }
  }
  return { subject, rows };
}

export function presentPlanRow(row: PlannedAdjustment, subject: repo.AdjustmentSubject): TRentAdjustmentPreviewRow {
  return {
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    effectiveDate: row.effectiveDate,
    due: row.due,
    currentRent: fromCents(row.oldCents),
    newRent: row.newCents === null ? null : fromCents(row.newCents),
    skuType: subject.skuType,
    skuValue: subject.skuType === 'Flat' ? fromCents(subject.skuAmountCents ?? 0) : (subject.skuPercent ?? 0),
    appliedPercent: row.appliedPercent,
    cpi: row.cpi,
    reason: row.reason,
    problem: row.problem,
  };
}

export interface AppliedAdjustment {
  propertyId: string;
  effectiveDate: string;
  oldCents: number;
  newCents: number;
  reason: string;
}

/**
 * Applies every due adjustment of one agreement in the caller's transaction: the agreement row
 * and its properties are locked first, so a concurrent Apply or job run waits and then finds the
 * adjustments recorded; the unique key is the last guard. A due CPI adjustment whose index is
 * missing refuses the whole agreement (422 with 'CPI index for YYYY-MM is missing'): nothing is
 * applied until the index is entered.
 */
export async function applyDueAdjustments(tx: Tx, actor: AuditActor, agreementId: string, cal: AdjustmentCalendar): Promise<AppliedAdjustment[]> {
  const agreement = await lockAgreement(tx, agreementId);
  if (!agreement) throw notFound('Agreement not found');
  if (agreement.status === 'Archived') throw new AppError('CONFLICT', AGREEMENT_MESSAGES.archived);
  const plan = (await planAdjustments(tx, agreementId, cal, true))!;
  const due = plan.rows.filter((r) => r.due);
  const problem = due.find((r) => r.problem)?.problem;
  if (problem) throw new AppError('UNPROCESSABLE', problem);

  const applied: AppliedAdjustment[] = [];
  for (const row of due) {
    const values = { agreementId, propertyId: row.propertyId, effectiveDate: row.effectiveDate, oldCents: row.oldCents, newCents: row.newCents!, reason: row.reason };
    if (!(await repo.insertRentAdjustment(tx, values))) continue;
    await repo.setPropertyRent(tx, row.propertyId, values.newCents);
    await recordAudit(tx, actor, {
      action: 'rent-adjust',
      entity: 'property',
      entityId: row.propertyId,
      after: { agreementId, effectiveDate: row.effectiveDate, rentCents: { from: values.oldCents, to: values.newCents } },
      reason: row.reason,
    });
    applied.push(values);
  }
  return applied;
}
