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

