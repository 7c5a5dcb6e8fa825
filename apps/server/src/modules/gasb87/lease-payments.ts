import { createHash } from 'node:crypto';
import {
  addCalendarDays, adjustRentCents, isShortTermLease, monthOf, nextAdjustmentDates, prorateRent, type TGasb87Payment,
} from '@apron/core';
import { cronDayPeriod } from '../../platform/jobs/cron';
import type { LeaseTerms, LeaseTermsLink } from '../agreements/index';

/**
 * From an agreement's terms to what GASB 87 measures (docs/gasb87.md "Payments"): the lease term,
 * the rate, the exclusion and the payments. Payments are what invoicing bills: each property's
 * monthly rent, prorated by day for partial months (`prorateRent`, the invoice runs' rule), over
 * each period of the agreement's invoice cycle (`cronDayPeriod`, the runs' reading of the cycle),
 * due on the first day of the period (rent is billed in advance). Escalation known at
 * commencement is included: Percent and Flat adjustments on their dates (`adjustRentCents`, the
 * rent adjustment's rule); CPI adjustments are measured with the index at commencement, i.e. no
 * change (the later changes are variable payments, not measured).
 */
export type Gasb87Exclusion = 'short-term' | 'regulated';

export interface LeaseMeasureInputs {
  commencement: string;
  /** The lease term's last day; null for an open-ended agreement. */
  termEnd: string | null;
  ratePercent: number;
  exclusion: Gasb87Exclusion | null;
  payments: TGasb87Payment[];
  /** Fingerprint of the above: an edit that changes none of it makes no new version. */
  hash: string;
}

/** Lease term: to the renewal term's end when its exercise is reasonably certain, else the contract's end. */
export function leaseTermEnd(terms: LeaseTerms): string | null {
  return terms.gasbRenewalCertain && terms.gasbRenewalEnd ? terms.gasbRenewalEnd : terms.endDate;
}

/**
 * Regulated aviation leases are disclosed only (paragraphs 42-43). Short-term: the maximum possible
 * term, every option included, is 12 months or less; an open-ended agreement (no end date, as the
 * portal allows for non-renewable leases) runs month to month, cancellable by either side, so its
 * non-cancellable term is short-term too.
 */
export function exclusionOf(terms: LeaseTerms): Gasb87Exclusion | null {
  if (terms.gasbRegulated) return 'regulated';
  const contractEnd = terms.endDate;
  if (!contractEnd && !(terms.gasbRenewalCertain && terms.gasbRenewalEnd)) return 'short-term';
  const maximumEnd = terms.gasbRenewalEnd && (!contractEnd || terms.gasbRenewalEnd > contractEnd) ? terms.gasbRenewalEnd : contractEnd!;
  return isShortTermLease(terms.startDate, maximumEnd) ? 'short-term' : null;
}

/** The rent steps of one property over the term: [from date, monthly cents], first at the link's start. */
function rentSteps(terms: LeaseTerms, link: LeaseTermsLink, termEnd: string): Array<{ from: string; cents: number }> {
  const steps = [{ from: link.from, cents: link.rentCents }];
  const { skuType, date, freq, skuAmountCents, skuPercent } = terms.adjustment;
  if (!date || (skuType !== 'Percent' && skuType !== 'Flat')) return steps;
  let cents = link.rentCents;
  for (const on of nextAdjustmentDates(date, freq, date > link.from ? date : link.from, termEnd)) {
    cents = adjustRentCents(cents, skuType === 'Flat' ? { skuType: 'Flat', skuValueCents: skuAmountCents ?? 0 } : { skuType: 'Percent', percent: skuPercent ?? 0 }).newCents;
    steps.push({ from: on, cents });
  }
  return steps;
}

/** Any positive rent: `prorateRent` of it gives the calendar-month segments of a span. */
const MONTH_SPLITTER_CENTS = 100;

const rentOn = (steps: ReadonlyArray<{ from: string; cents: number }>, day: string) => {
  let cents = steps[0]!.cents;
  for (const step of steps) if (step.from <= day) cents = step.cents;
  return cents;
};

/** The billing periods of the invoice cycle over [start, end], each clipped to it (calendar months if the cycle cannot be read). */
function cyclePeriods(expression: string, start: string, end: string): Array<{ start: string; end: string }> {
  const periods: Array<{ start: string; end: string }> = [];
  for (let cursor = start; cursor <= end; ) {
    const period = cronDayPeriod(expression, cursor) ?? { start: cursor, end: monthOf(cursor).last };
    const to = period.end < end ? period.end : end;
    periods.push({ start: cursor, end: to });
    cursor = addCalendarDays(to, 1);
  }
  return periods;
}

export function leasePayments(terms: LeaseTerms, termEnd: string): TGasb87Payment[] {
  const contractEnd = terms.endDate;
  const links = terms.links.map((link) => {
    // A property on the agreement to its end stays on through a renewal reasonably certain.
    const to = !link.to || (contractEnd !== null && link.to >= contractEnd) ? termEnd : link.to;
    return { from: link.from > terms.startDate ? link.from : terms.startDate, to: to < termEnd ? to : termEnd, steps: rentSteps(terms, link, termEnd) };
  });
  const payments: TGasb87Payment[] = [];
  for (const period of cyclePeriods(terms.cycleExpression, terms.startDate, termEnd)) {
    let cents = 0;
    for (const link of links) {
      const from = link.from > period.start ? link.from : period.start;
      const to = link.to < period.end ? link.to : period.end;
      if (from > to) continue;
      // Month by month, each month at the rent in force on its first day covered.
      for (const segment of prorateRent(MONTH_SPLITTER_CENTS, from, to)) {
        const rent = rentOn(link.steps, segment.from);
        cents += segment.days === segment.daysInMonth ? rent : prorateRent(rent, segment.from, segment.to)[0]?.cents ?? 0;
      }
    }
    if (cents > 0) payments.push({ date: period.start, cents });
  }
  return payments;
}

export function measureInputsOf(terms: LeaseTerms, airportRatePercent: number): LeaseMeasureInputs {
  const termEnd = leaseTermEnd(terms);
  const exclusion = exclusionOf(terms);
  const ratePercent = terms.gasbDiscountRate ?? airportRatePercent;
  const payments = exclusion || !termEnd ? [] : leasePayments(terms, termEnd);
  const hash = createHash('sha256').update(JSON.stringify({ c: terms.startDate, termEnd, ratePercent, exclusion, payments })).digest('hex');
  return { commencement: terms.startDate, termEnd, ratePercent, exclusion, payments, hash };
}
