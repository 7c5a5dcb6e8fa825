import { z } from 'zod';
import { addCalendarMonths } from '../common/calendar';

/**
 * Rent adjustment of an agreement's properties (issue 5 item 12), pure rules shared by the server
 * and the page. Money is integer cents; percentages are carried with at most four decimals and
 * turned into integers (ten-thousandths of a percent) before any arithmetic, so no float drift
 * reaches a rent. Rules (docs/billing.md "Rent adjustment"):
 * - adjustments fall on `adjustmentDate` and then every `adjustmentFreq` months (a missing or 0
 *   frequency means the one adjustment on `adjustmentDate`); a day missing from a shorter month is
 *   clamped to its last day (Jan 31 + 1 month = Feb 28), always counted from the start date;
 * - Flat adds the payment type's amount; Percent multiplies by (1 + p/100); CPI multiplies by the
 *   CPI change between two index months, but at least the payment type's value (a floor, so a
 *   falling index never lowers the rent); increases are rounded half up to the cent.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` plus whole months, the day clamped to the target month's last day. */
export function addMonths(date: string, months: number): string {
  if (!DATE.test(date)) throw new Error(`Not a calendar date: ${date}`);
  return addCalendarMonths(date, months);
}

/** `YYYY-MM` of a date shifted by whole months. */
export function periodOf(date: string, monthsShift = 0): string {
  return addMonths(`${date.slice(0, 7)}-01`, monthsShift).slice(0, 7);
}

/** Safety bound: 100 years of monthly adjustments. */
const MAX_ADJUSTMENTS = 1200;

/**
 * The adjustment dates `start + k * freqMonths` (k >= 0) within `[from, to]` (inclusive, `YYYY-MM-DD`),
 * in order. A null or 0 frequency gives `start` alone.
 */
export function nextAdjustmentDates(start: string, freqMonths: number | null | undefined, from: string, to: string): string[] {
  const dates: string[] = [];
  const freq = freqMonths && freqMonths > 0 ? freqMonths : 0;
  for (let k = 0; k < MAX_ADJUSTMENTS; k++) {
    const date = addMonths(start, k * freq);
    if (date > to) break;
    if (date >= from) dates.push(date);
    if (freq === 0) break;
  }
  return dates;
}

/**
 * The two CPI index months of an adjustment: the month before the adjustment month (the latest
 * index published by then) and the same month `freqMonths` earlier (12 when the frequency is
 * missing). Adjustment on 2025-01-01 every 12 months: 2023-12 -> 2024-12.
 */
export function cpiPeriodsFor(effectiveDate: string, freqMonths: number | null | undefined): { basePeriod: string; currentPeriod: string } {
  const freq = freqMonths && freqMonths > 0 ? freqMonths : 12;
  return { basePeriod: periodOf(effectiveDate, -1 - freq), currentPeriod: periodOf(effectiveDate, -1) };
}

/** A percentage as an integer number of ten-thousandths (4 decimals), rounded half up. */
function percentUnits(percent: number): bigint {
  return BigInt(Math.round(percent * 10_000));
}

/** Percent change from `base` to `current`, rounded half up to four decimals. */
export function cpiChangePercent(baseValue: number, currentValue: number): number {
  if (!(baseValue > 0)) throw new Error('A CPI index value must be positive');
  // Index values carry at most 4 decimals: scale to integers and divide once.
  const base = BigInt(Math.round(baseValue * 10_000));
  const current = BigInt(Math.round(currentValue * 10_000));
  return Number(divideHalfUp((current - base) * 1_000_000n, base)) / 10_000;
}

/** a / b rounded half away from zero (b > 0). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

export type TRentAdjustmentRule =
  | { skuType: 'Flat'; skuValueCents: number }
  | { skuType: 'Percent'; percent: number }
  /** `percent` is the payment type's value: the minimum increase. */
  | { skuType: 'CPI'; percent: number; cpiChangePercent: number };

export interface TRentAdjustmentResult {
  newCents: number;
  /** The percentage applied (Percent; CPI after the floor); null for Flat. */
  appliedPercent: number | null;
}

/** The new rent of one property under one adjustment. */
export function adjustRentCents(rentCents: number, rule: TRentAdjustmentRule): TRentAdjustmentResult {
  if (!Number.isInteger(rentCents)) throw new Error('Rent must be integer cents');
  if (rule.skuType === 'Flat') return { newCents: rentCents + rule.skuValueCents, appliedPercent: null };
  let units = percentUnits(rule.percent);
  if (rule.skuType === 'CPI') {
    const change = percentUnits(rule.cpiChangePercent);
    if (change > units) units = change;
  }
  // rent * p / 100 with p in ten-thousandths: rent * units / 1,000,000.
  const increase = divideHalfUp(BigInt(rentCents) * units, 1_000_000n);
  return { newCents: rentCents + Number(increase), appliedPercent: Number(units) / 10_000 };
}

export const RENT_ADJUSTMENT_MESSAGES = {
  applied: 'Updated Successfully',
  nothingDue: 'No rent adjustment is due.',
  cpiMissing: (period: string) => `CPI index for ${period} is missing`,
} as const;

const ZCpiFigures = z.object({
  basePeriod: z.string(),
  baseValue: z.number().nullable(),
  currentPeriod: z.string(),
  currentValue: z.number().nullable(),
  changePercent: z.number().nullable(),
});

/** One adjustment of one property, as the preview shows it (dollars at the edge). */
export const ZRentAdjustmentPreviewRow = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  effectiveDate: z.string(),
  /** Due (on or before today, not applied yet) or the next one to come. */
  due: z.boolean(),
  currentRent: z.number(),
  /** Null when it cannot be computed (a missing CPI index). */
  newRent: z.number().nullable(),
  skuType: z.enum(['CPI', 'Flat', 'Percent']),
  skuValue: z.number(),
  appliedPercent: z.number().nullable(),
  cpi: ZCpiFigures.nullable(),
  reason: z.string(),
  /** 'CPI index for YYYY-MM is missing', else null. */
  problem: z.string().nullable(),
});
export type TRentAdjustmentPreviewRow = z.infer<typeof ZRentAdjustmentPreviewRow>;

export const ZRentAdjustmentPreview = z.object({
  agreementId: z.string(),
  today: z.string(),
  paymentTypeName: z.string(),
  skuType: z.enum(['CPI', 'Flat', 'Percent']),
  adjustmentDate: z.string().nullable(),
  adjustmentFreq: z.number().nullable(),
  rows: z.array(ZRentAdjustmentPreviewRow),
  /** Lease admin, not Archived, something due and nothing missing. */
  canApply: z.boolean(),
});
export type TRentAdjustmentPreview = z.infer<typeof ZRentAdjustmentPreview>;

export const ZRentAdjustmentApplied = z.object({
  message: z.string(),
  applied: z.array(
    z.object({ propertyId: z.string(), effectiveDate: z.string(), oldRent: z.number(), newRent: z.number(), reason: z.string() }),
  ),
});
export type TRentAdjustmentApplied = z.infer<typeof ZRentAdjustmentApplied>;

/** The audit and preview reason: "CPI 2023-12 -> 2024-12: +2.95% (min 2%) = 2.95%". */
export function rentAdjustmentReason(rule: TRentAdjustmentRule, result: TRentAdjustmentResult, cpi?: { basePeriod: string; currentPeriod: string }): string {
  if (rule.skuType === 'Flat') return `Flat +$${(rule.skuValueCents / 100).toFixed(2)}`;
  if (rule.skuType === 'Percent') return `Percent +${rule.percent}%`;
  const periods = cpi ? ` ${cpi.basePeriod} -> ${cpi.currentPeriod}` : '';
  return `CPI${periods}: ${rule.cpiChangePercent >= 0 ? '+' : ''}${rule.cpiChangePercent}% (min ${rule.percent}%) = +${result.appliedPercent}%`;
}
