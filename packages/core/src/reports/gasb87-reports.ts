import { z } from 'zod';
import { addCalendarDays, addCalendarMonths } from '../common/calendar';
import { isCalendarDate } from '../properties/master-data';
import { leaseRevenueCents, recognisedCents } from './gasb87';

/**
 * GASB 87 reports (issue 24): fiscal years, the roll-forward and the maturity analysis, built from
 * per-measurement facts the server sums in SQL; and the API's schemas (dollars at the edge).
 */

/** The fiscal year (named by the calendar year it ends in) of a date; `startMonth` 1-12 (7 = July-June). */
export function fiscalYearOf(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4));
  return startMonth > 1 && Number(date.slice(5, 7)) >= startMonth ? year + 1 : year;
}

/** First and last day of a fiscal year. */
export function fiscalYearRange(fiscalYear: number, startMonth: number): { from: string; to: string } {
  const startYear = startMonth > 1 ? fiscalYear - 1 : fiscalYear;
  const from = `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
  return { from, to: addCalendarDays(addCalendarMonths(from, 12), -1) };
}

/** What the server knows of one measurement for a period: its header and its sums in the period. */
export interface TGasb87VersionFacts {
  reason: 'commencement' | 'modification';
  validFrom: string;
  /** The next version's `validFrom`, or null for the latest. */
  validUntil: string | null;
  termEnd: string;
  receivableCents: number;
  deferredInflowCents: number;
  changeCents: number;
  /** Sums of the version's rows dated in the period (and before `validUntil`). */
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  /** The version's receivable at the end of the day before the period, and at the period's end (null when not in force then). */
  balanceBefore: number | null;
  balanceAtEnd: number | null;
}

export interface TGasb87RollForwardCents {
  beginningReceivable: number;
  additions: number;
  reductions: number;
  endingReceivable: number;
  interestRevenue: number;
  leaseRevenue: number;
  beginningDeferredInflow: number;
  endingDeferredInflow: number;
}

const inForceOn = (v: Pick<TGasb87VersionFacts, 'validFrom' | 'validUntil'>, date: string) => v.validFrom <= date && (v.validUntil === null || date < v.validUntil);

/** The deferred inflow left at the end of `date` under the version in force then. */
function inflowAt(versions: readonly TGasb87VersionFacts[], date: string): number {
  const v = versions.find((x) => inForceOn(x, date));
  return v ? v.deferredInflowCents - recognisedCents(v, date) : 0;
}

/**
 * One lease's roll-forward over [from, to]: additions are new receivables and increases by
 * remeasurement; reductions the principal collected and decreases by remeasurement; so
 * beginning + additions - reductions = ending, to the cent.
 */
export function rollForwardCents(versions: readonly TGasb87VersionFacts[], from: string, to: string): TGasb87RollForwardCents {
  const dayBefore = addCalendarDays(from, -1);
  // A version superseded on its own first day (remeasured again before commencement) never took effect.
  const changes = versions.filter((v) => v.validFrom >= from && v.validFrom <= to && (v.validUntil === null || v.validUntil > v.validFrom)).map((v) => v.changeCents);
  let leaseRevenue = 0;
  for (const v of versions) {
    const last = v.validUntil === null ? to : addCalendarDays(v.validUntil, -1) < to ? addCalendarDays(v.validUntil, -1) : to;
    leaseRevenue += leaseRevenueCents(v, v.validFrom > from ? v.validFrom : from, last);
  }
  return {
    beginningReceivable: versions.find((v) => inForceOn(v, dayBefore))?.balanceBefore ?? 0,
    additions: changes.filter((c) => c > 0).reduce((a, b) => a + b, 0),
    reductions: versions.reduce((a, v) => a + v.principalCents, 0) - changes.filter((c) => c < 0).reduce((a, b) => a + b, 0),
    endingReceivable: versions.find((v) => inForceOn(v, to))?.balanceAtEnd ?? 0,
    interestRevenue: versions.reduce((a, v) => a + v.interestCents, 0),
    leaseRevenue,
    beginningDeferredInflow: inflowAt(versions, dayBefore),
    endingDeferredInflow: inflowAt(versions, to),
  };
}

export function addRollForward(a: TGasb87RollForwardCents, b: TGasb87RollForwardCents): TGasb87RollForwardCents {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof TGasb87RollForwardCents)[]) sum[key] += b[key];
  return sum;
}

export const EMPTY_ROLL_FORWARD: TGasb87RollForwardCents = {
  beginningReceivable: 0, additions: 0, reductions: 0, endingReceivable: 0, interestRevenue: 0, leaseRevenue: 0, beginningDeferredInflow: 0, endingDeferredInflow: 0,
};

export interface TMaturityBucket {
  label: string;
  from: string;
  to: string;
  /** Fiscal years in the bucket. */
  firstYear: number;
  lastYear: number;
}

/**
 * The maturity analysis' rows after `asOf`: each of the next five fiscal years (the first from the
 * day after `asOf`), then five-year buckets up to the fiscal year of the last payment.
 */
export function maturityBuckets(asOf: string, startMonth: number, lastFiscalYear: number): TMaturityBucket[] {
  const first = fiscalYearOf(addCalendarDays(asOf, 1), startMonth);
  const buckets: TMaturityBucket[] = [];
  const bucket = (firstYear: number, lastYear: number): TMaturityBucket => ({
    label: firstYear === lastYear ? `FY ${firstYear}` : `FY ${firstYear}-${lastYear}`,
    from: firstYear === first ? addCalendarDays(asOf, 1) : fiscalYearRange(firstYear, startMonth).from,
    to: fiscalYearRange(lastYear, startMonth).to,
    firstYear,
    lastYear,
  });
  for (let year = first; year < first + 5; year++) buckets.push(bucket(year, year));
  for (let year = first + 5; year <= lastFiscalYear; year += 5) buckets.push(bucket(year, year + 4));
  return buckets;
}

const money = z.number();

export const ZGasb87ScheduleRow = z.object({ date: z.string(), payment: money, interest: money, principal: money, balance: money });
export const GASB87_EXCLUSIONS = ['short-term', 'regulated'] as const;
export const GASB87_REASONS = ['commencement', 'modification'] as const;

export const ZGasb87Agreement = z.object({
  agreementId: z.string(),
  agreementNum: z.string(),
  companyName: z.string(),
  /** Annual discount rate in percent (5.25). */
  rate: z.number(),
  commencement: z.string(),
  termEnd: z.string().nullable(),
  exclusion: z.enum(GASB87_EXCLUSIONS).nullable(),
  receivable: money,
  deferredInflow: money,
  schedule: z.array(ZGasb87ScheduleRow),
  measurements: z.array(z.object({ version: z.number(), measuredOn: z.string(), reason: z.enum(GASB87_REASONS), receivable: money, deferredInflow: money })),
});
export type TGasb87Agreement = z.infer<typeof ZGasb87Agreement>;

const rollForwardAmounts = {
  beginningReceivable: money, additions: money, reductions: money, endingReceivable: money, interestRevenue: money, leaseRevenue: money,
  beginningDeferredInflow: money, endingDeferredInflow: money,
};
export const ZGasb87RollForward = z.object({
  fiscalYear: z.number(),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ agreementId: z.string(), agreementNum: z.string(), companyName: z.string(), ...rollForwardAmounts })),
  totals: z.object(rollForwardAmounts),
});
export type TGasb87RollForward = z.infer<typeof ZGasb87RollForward>;

const maturityAmounts = { principal: money, interest: money, total: money };
export const ZGasb87Maturity = z.object({
  asOf: z.string(),
  rows: z.array(z.object({ label: z.string(), from: z.string(), to: z.string(), ...maturityAmounts })),
  totals: z.object(maturityAmounts),
});
export type TGasb87Maturity = z.infer<typeof ZGasb87Maturity>;

export const ZGasb87JournalEntries = z.object({
  rows: z.array(z.object({ date: z.string(), account: z.string(), description: z.string(), agreementNum: z.string(), debit: money, credit: money })),
});
export type TGasb87JournalEntries = z.infer<typeof ZGasb87JournalEntries>;

const zDate = (label: string) => z.string({ error: `${label} is required` }).trim().refine(isCalendarDate, `${label} must be a valid date`);
export const ZGasb87RollForwardQuery = z.object({
  fiscalYear: z.coerce.number({ error: 'Fiscal Year must be a number' }).int('Fiscal Year must be a whole year').min(1900, 'Fiscal Year must be from 1900 to 2200').max(2200, 'Fiscal Year must be from 1900 to 2200'),
});
export const ZGasb87MaturityQuery = z.object({ asOf: zDate('As Of') });
/** The period's refusal, said the same by the server and the Reports page. */
export const GASB87_TO_BEFORE_FROM = 'To must be on or after From';
export const ZGasb87PeriodQuery = z
  .object({ from: zDate('From'), to: zDate('To') })
  .refine((v) => v.to >= v.from, { path: ['to'], message: GASB87_TO_BEFORE_FROM });

/** Ledger accounts of the GASB 87 journal entries. */
export const GASB87_ACCOUNTS = {
  receivable: 'Lease Receivable',
  deferredInflow: 'Deferred Inflow of Resources - Leases',
  leaseRevenue: 'Lease Revenue',
  interestRevenue: 'Interest Revenue - Leases',
  cash: 'Cash',
} as const;
