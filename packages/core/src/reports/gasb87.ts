import { addCalendarDays } from '../common/calendar';
import { daysBetween } from '../dates';

/**
 * GASB 87 lessor accounting (issue 24; docs/gasb87.md): pure rules on integer cents.
 *
 * Time is counted in months from the start of a measurement: whole months by anniversary (the
 * commencement day, clamped to a shorter month's last day, like rent adjustments), and for the
 * days past the last anniversary the fraction days / days-of-that-anniversary-month. The lease
 * receivable is the present value of the payments, each discounted at (1 + r/12)^-t; a payment
 * due on the measurement date counts at full value. Interest accrues between payment dates by the
 * effective-interest method on the receivable; the deferred inflow is recognised straight-line
 * over the months of the term.
 */

export interface TGasb87Payment {
  /** Due date, `YYYY-MM-DD`. */
  date: string;
  cents: number;
}

export interface TGasb87Row {
  date: string;
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  /** The receivable after this payment. */
  balanceCents: number;
}

export interface TGasb87Schedule {
  receivableCents: number;
  rows: TGasb87Row[];
}

/**
 * `start` plus `k` whole months (k >= 0), the day clamped to a shorter month's last day: what
 * `addCalendarMonths` answers, in plain arithmetic. The reports count months for every lease of
 * the year, several times each (10,000 leases: docs/gasb87.md "Speed"), so no Date is made here.
 */
function anniversaryOf(start: string, k: number): string {
  const months = Number(start.slice(5, 7)) - 1 + k;
  const year = Number(start.slice(0, 4)) + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(start.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Months from `start` to `date` (may be fractional; negative before `start`). */
export function monthsFrom(start: string, date: string): number {
  if (date < start) return -monthsFrom(date, start);
  // An estimate from the calendar fields, corrected so that anniversary(k) <= date < anniversary(k+1).
  let k = (Number(date.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - Number(start.slice(5, 7));
  while (k > 0 && anniversaryOf(start, k) > date) k--;
  while (anniversaryOf(start, k + 1) <= date) k++;
  const anniversary = anniversaryOf(start, k);
  const monthDays = daysBetween(anniversary, anniversaryOf(start, k + 1));
  return k + daysBetween(anniversary, date) / monthDays;
}

/** The monthly rate of an annual percentage (5.25 -> 0.004375). */
export function monthlyRate(annualPercent: number): number {
  return annualPercent / 100 / 12;
}

/** Half away from zero to a whole cent. */
function roundCents(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** Payments on the same date are one; payments before `from` are dropped; in date order. */
export function mergePayments(payments: readonly TGasb87Payment[], from: string): TGasb87Payment[] {
  const byDate = new Map<string, number>();
  for (const p of payments) if (p.date >= from && p.cents !== 0) byDate.set(p.date, (byDate.get(p.date) ?? 0) + p.cents);
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, cents]) => ({ date, cents }));
}

/** Present value at `start` of the payments due on or after it, rounded to the cent. */
export function presentValueCents(start: string, annualPercent: number, payments: readonly TGasb87Payment[]): number {
  const r = monthlyRate(annualPercent);
  let pv = 0;
  for (const p of mergePayments(payments, start)) pv += p.cents * Math.pow(1 + r, -monthsFrom(start, p.date));
  return roundCents(pv);
}

/**
 * The effective-interest schedule from `start`: one row per payment date. Each row's interest is
 * the balance times ((1 + r)^(months since the previous row) - 1), rounded to the cent; the
 * rounding left at the end (a few cents at most) goes into the last row's interest, so the last
 * balance is exactly 0.
 */
export function buildSchedule(start: string, annualPercent: number, payments: readonly TGasb87Payment[]): TGasb87Schedule {
  const r = monthlyRate(annualPercent);
  const due = mergePayments(payments, start);
  const receivableCents = presentValueCents(start, annualPercent, due);
  const rows: TGasb87Row[] = [];
  let balance = receivableCents;
  let previousT = 0;
  due.forEach((p, index) => {
    const t = monthsFrom(start, p.date);
    const isLast = index === due.length - 1;
    const interest = isLast ? p.cents - balance : roundCents(balance * (Math.pow(1 + r, t - previousT) - 1));
    const principal = p.cents - interest;
    balance -= principal;
    rows.push({ date: p.date, paymentCents: p.cents, interestCents: interest, principalCents: principal, balanceCents: balance });
    previousT = t;
  });
  return { receivableCents, rows };
}

/** One measurement (version) of a lease: from `validFrom` until the next version's `validFrom`. */
export interface TGasb87Version {
  validFrom: string;
  /** The last day of the lease term (inclusive). */
  termEnd: string;
  receivableCents: number;
  /** The deferred inflow at `validFrom`, recognised straight-line from `validFrom` to `termEnd`. */
  deferredInflowCents: number;
  rows: TGasb87Row[];
}

/**
 * The deferred inflow recognised as lease revenue from `validFrom` through the end of `through`:
 * the inflow times the months elapsed over the months of the term, rounded to the cent on the
 * cumulative amount (so month by month the parts add up exactly to the whole).
 */
export function recognisedCents(version: Pick<TGasb87Version, 'validFrom' | 'termEnd' | 'deferredInflowCents'>, through: string): number {
  if (through < version.validFrom) return 0;
  if (through >= version.termEnd) return version.deferredInflowCents;
  const total = monthsFrom(version.validFrom, addCalendarDays(version.termEnd, 1));
  const elapsed = monthsFrom(version.validFrom, addCalendarDays(through, 1));
  return total <= 0 ? version.deferredInflowCents : roundCents((version.deferredInflowCents * elapsed) / total);
}

/** Lease revenue of the version over [from, to] (inclusive). */
export function leaseRevenueCents(version: Pick<TGasb87Version, 'validFrom' | 'termEnd' | 'deferredInflowCents'>, from: string, to: string): number {
  if (to < from) return 0;
  return recognisedCents(version, to) - recognisedCents(version, addCalendarDays(from, -1));
}

/** The receivable of the version at the end of `date` (after a payment due that day). */
export function balanceAt(version: Pick<TGasb87Version, 'validFrom' | 'receivableCents' | 'rows'>, date: string): number {
  if (date < version.validFrom) return 0;
  let balance = version.receivableCents;
  for (const row of version.rows) {
    if (row.date > date) break;
    balance = row.balanceCents;
  }
  return balance;
}

export interface TGasb87Measurement extends TGasb87Version {
  /** Change of the receivable (and of the deferred inflow) made by this measurement. */
  changeCents: number;
}

/** The first measurement, at commencement: deferred inflow = receivable + payments received for future periods. */
export function measureAtCommencement(input: { commencement: string; termEnd: string; annualPercent: number; payments: readonly TGasb87Payment[]; prepaidCents?: number }): TGasb87Measurement {
  const schedule = buildSchedule(input.commencement, input.annualPercent, input.payments);
  const deferredInflowCents = schedule.receivableCents + (input.prepaidCents ?? 0);
  return { validFrom: input.commencement, termEnd: input.termEnd, receivableCents: schedule.receivableCents, deferredInflowCents, rows: schedule.rows, changeCents: schedule.receivableCents };
}

/**
 * Remeasurement at a modification date `on` (GASB 87 ¶ 71-73 for lessors): the receivable becomes
 * the present value at `on` of the payments due from then; the deferred inflow changes by the same
 * amount, and what remains of it is recognised over the rest of the (new) term.
 */
export function remeasure(previous: TGasb87Version, input: { on: string; termEnd: string; annualPercent: number; payments: readonly TGasb87Payment[] }): TGasb87Measurement {
  const dayBefore = addCalendarDays(input.on, -1);
  const oldBalance = balanceAt(previous, dayBefore);
  const remainingInflow = previous.deferredInflowCents - recognisedCents(previous, dayBefore);
  const schedule = buildSchedule(input.on, input.annualPercent, input.payments);
  const changeCents = schedule.receivableCents - oldBalance;
  return {
    validFrom: input.on,
    termEnd: input.termEnd,
    receivableCents: schedule.receivableCents,
    deferredInflowCents: remainingInflow + changeCents,
    rows: schedule.rows,
    changeCents,
  };
}

/** Whole months from `start` to the day after `end`: the maximum possible term of a lease. */
export function termMonths(start: string, end: string): number {
  return monthsFrom(start, addCalendarDays(end, 1));
}

/** Short-term lease (GASB 87 ¶ 16): the maximum possible term, options included, is 12 months or less. */
export function isShortTermLease(start: string, maximumEnd: string | null): boolean {
  return maximumEnd !== null && termMonths(start, maximumEnd) <= 12;
}
