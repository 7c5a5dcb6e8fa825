import { daysBetween } from '../dates';
import { addCalendarDays, daysInMonth, monthOf } from '../common/calendar';

/**
 * Money rules of billing (PRODUCT-RULES 1-3, 6-7): pure functions on integer cents, used by the
 * server to compute every figure it charges or records and unit-tested in packages/core.
 */

/** A line's total: unit charge times whole quantity. */
export function lineTotalCents(line: { chargesCents: number; amount: number }): number {
  return line.chargesCents * line.amount;
}

export interface TotalsLine {
  chargesCents: number;
  amount: number;
  isPaid: boolean;
}

/** Amount Paid = sum of paid lines; Amount Due = sum of unpaid lines; Total = both. */
export function invoiceTotals(lines: readonly TotalsLine[]): { totalCents: number; paidCents: number; dueCents: number } {
  let paidCents = 0;
  let dueCents = 0;
  for (const line of lines) {
    if (line.isPaid) paidCents += lineTotalCents(line);
    else dueCents += lineTotalCents(line);
  }
  return { totalCents: paidCents + dueCents, paidCents, dueCents };
}

/**
 * Late fee: `lateFeePercent` of the amount due, rounded half up to the cent. A percentage has at
 * most four decimals (payment types store numeric(7,4)), so the product is computed on integers
 * scaled by 10,000 to avoid floating drift: 5.125% of $100.01 = 512.55125 cents -> 513 cents.
 */
export function lateFeeCents(dueCents: number, lateFeePercent: number): number {
  if (dueCents <= 0 || lateFeePercent <= 0) return 0;
  const percentScaled = Math.round(lateFeePercent * 10_000); // percent * 10^4
  // dueCents * percent / 100, with percent = percentScaled / 10^4  ->  / 10^6
  const numerator = BigInt(dueCents) * BigInt(percentScaled);
  const divisor = 1_000_000n;
  return Number((numerator * 2n + divisor) / (divisor * 2n));
}

/** Balance = sum of Credits - sum of Debits (PRODUCT-RULES 7). */
export function balanceCents(records: readonly { type: 'Credit' | 'Debit'; amountCents: number }[]): number {
  return records.reduce((sum, r) => sum + (r.type === 'Credit' ? r.amountCents : -r.amountCents), 0);
}

/** Paying from balance is allowed when balance >= the selected total (PRODUCT-RULES 6). */
export function hasSufficientFunds(balance: number, totalCents: number): boolean {
  return totalCents > 0 && balance >= totalCents;
}

export interface RentSegment {
  /** First and last day charged (inclusive, `YYYY-MM-DD`). */
  from: string;
  to: string;
  days: number;
  daysInMonth: number;
  cents: number;
}

/**
 * Rent for a period, prorated by day for partial months. The rule: the period (both ends
 * inclusive) is split at calendar month boundaries; a whole month is charged the monthly rent;
 * a partial month is charged `monthlyRent * daysCovered / daysInThatMonth`, rounded half up to
 * the cent, per month. Example: $450.50/month from Jan 15 to Feb 28 2025 = 17/31 of January
 * ($247.05) + all of February ($450.50). An empty period (end before start) charges nothing.
 */
export function prorateRent(monthlyRentCents: number, start: string, end: string): RentSegment[] {
  const segments: RentSegment[] = [];
  if (daysBetween(start, end) < 0 || monthlyRentCents <= 0) return segments;
  let from = start;
  while (daysBetween(from, end) >= 0) {
    const dim = daysInMonth(+from.slice(0, 4), +from.slice(5, 7));
    const monthEnd = monthOf(from).last;
    const to = daysBetween(monthEnd, end) >= 0 ? monthEnd : end;
    const days = daysBetween(from, to) + 1;
    const cents = days === dim ? monthlyRentCents : Number((BigInt(monthlyRentCents) * BigInt(days) * 2n + BigInt(dim)) / (BigInt(dim) * 2n));
    segments.push({ from, to, days, daysInMonth: dim, cents });
    from = addCalendarDays(to, 1);
  }
  return segments;
}

// ---- Invoice cycles: the period a cron expression's day fields describe ------------------------

function fieldMatches(text: string, value: number, min: number, max: number): boolean {
  return text.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let lo = min;
    let hi = max;
    if (range !== '*') {
      const bounds = range!.split('-').map(Number);
      lo = bounds[0]!;
      hi = stepText && bounds.length === 1 ? max : (bounds[1] ?? lo);
    }
    return value >= lo && value <= hi && (value - lo) % step === 0;
  });
}

/** Whether the cron expression fires on this calendar day (its minute and hour are ignored). */
export function cronFiresOn(expression: string, day: string): boolean {
  const [, , dom, month, dow] = expression.trim().split(/\s+/) as [string, string, string, string, string];
  const date = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)));
  const weekday = date.getUTCDay();
  const domOk = fieldMatches(dom, date.getUTCDate(), 1, 31);
  const monthOk = fieldMatches(month, date.getUTCMonth() + 1, 1, 12);
  const dowOk = fieldMatches(dow, weekday, 0, 7) || (weekday === 0 && fieldMatches(dow, 7, 0, 7));
  // Cron: when both day fields are restricted, either may match.
  const dayOk = dom !== '*' && dow !== '*' ? domOk || dowOk : domOk && dowOk;
  return monthOk && dayOk;
}

/**
 * The billing period of an invoice cycle that contains `day`: from the last day the cycle's
 * expression fires on or before `day`, to the day before it next fires. A monthly cycle
 * (`0 6 1 * *`) gives calendar months; `0 6 1 1 *` calendar years; a weekly one weeks.
 * Null when the expression never fires within a year (nothing to bill).
 */
export function cyclePeriod(expression: string, day: string): { start: string; end: string } | null {
  let start: string | null = null;
  for (let i = 0; i <= 366; i++) {
    const candidate = addCalendarDays(day, -i);
    if (cronFiresOn(expression, candidate)) {
      start = candidate;
      break;
    }
  }
  if (!start) return null;
  for (let i = 1; i <= 367; i++) {
    const candidate = addCalendarDays(start, i);
    if (cronFiresOn(expression, candidate)) return { start, end: addCalendarDays(candidate, -1) };
  }
  return null;
}

