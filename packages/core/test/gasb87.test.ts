import { describe, expect, it } from 'vitest';
import {
  addMonths, balanceAt, buildSchedule, fiscalYearOf, fiscalYearRange, isShortTermLease, leaseRevenueCents, maturityBuckets, measureAtCommencement,
  monthsFrom, presentValueCents, remeasure, rollForwardCents, type TGasb87Measurement, type TGasb87Payment,
} from '../src/index';

/** n monthly payments of `cents` from `first` (in advance when `first` is the commencement). */
const monthly = (first: string, n: number, cents: number): TGasb87Payment[] => Array.from({ length: n }, (_, k) => ({ date: addMonths(first, k), cents }));

/** Annuity due: PV = P (1 - (1 + r)^-n) / r (1 + r), computed independently of the engine. */
const annuityDue = (payment: number, monthlyRate: number, n: number) => (payment * (1 - Math.pow(1 + monthlyRate, -n)) / monthlyRate) * (1 + monthlyRate);

describe('GASB 87 measurement', () => {
  it('counts months by anniversary and days of the month for the rest', () => {
    expect(monthsFrom('2025-01-31', '2025-02-28')).toBe(1);
    expect(monthsFrom('2025-01-15', '2025-03-15')).toBe(2);
    expect(monthsFrom('2025-01-01', '2025-01-16')).toBeCloseTo(15 / 31, 12);
    expect(monthsFrom('2025-03-01', '2025-01-01')).toBe(-2);
  });

  it('60 monthly payments of $1,000 in advance at 6 %: PV by the annuity-due formula, last balance 0', () => {
    const payments = monthly('2025-01-01', 60, 100_000);
    const expected = Math.round(annuityDue(100_000, 0.06 / 12, 60));
    expect(presentValueCents('2025-01-01', 6, payments)).toBe(expected); // $51,984.19
    expect(expected).toBe(5_198_419);
    const schedule = buildSchedule('2025-01-01', 6, payments);
    expect(schedule.rows).toHaveLength(60);
    expect(schedule.rows[0]).toEqual({ date: '2025-01-01', paymentCents: 100_000, interestCents: 0, principalCents: 100_000, balanceCents: expected - 100_000 });
    // Second month: interest on the balance at 0.5 %.
    expect(schedule.rows[1]!.interestCents).toBe(Math.round((expected - 100_000) * 0.005));
    expect(schedule.rows.at(-1)!.balanceCents).toBe(0);
    const interest = schedule.rows.reduce((a, r) => a + r.interestCents, 0);
    expect(interest).toBe(60 * 100_000 - expected);
  });

  it('payments in arrears (a month after commencement) are an ordinary annuity', () => {
    const r = 0.05 / 12;
    const expected = Math.round((50_000 * (1 - Math.pow(1 + r, -36))) / r);
    expect(presentValueCents('2025-07-01', 5, monthly('2025-08-01', 36, 50_000))).toBe(expected);
  });

  it('a zero rate is the plain sum', () => {
    expect(buildSchedule('2025-01-01', 0, monthly('2025-01-01', 12, 12_345)).receivableCents).toBe(12 * 12_345);
  });

  it('deferred inflow = receivable + prepaid, recognised straight-line by month', () => {
    const m = measureAtCommencement({ commencement: '2025-01-01', termEnd: '2029-12-31', annualPercent: 6, payments: monthly('2025-01-01', 60, 100_000), prepaidCents: 100_000 });
    expect(m.deferredInflowCents).toBe(5_198_419 + 100_000);
    expect(leaseRevenueCents(m, '2025-01-01', '2025-01-31')).toBe(Math.round(m.deferredInflowCents / 60));
    expect(leaseRevenueCents(m, '2025-01-01', '2029-12-31')).toBe(m.deferredInflowCents);
  });

  it('a mid-term modification remeasures the remaining payments at the modification date', () => {
    const first = measureAtCommencement({ commencement: '2025-01-01', termEnd: '2029-12-31', annualPercent: 6, payments: monthly('2025-01-01', 60, 100_000) });
    // After 24 payments the rent rises to $1,200 for the 36 remaining months.
    const second = remeasure(first, { on: '2027-01-01', termEnd: '2029-12-31', annualPercent: 6, payments: monthly('2027-01-01', 36, 120_000) });
    const oldBalance = balanceAt(first, '2026-12-31');
    expect(oldBalance).toBe(first.rows[23]!.balanceCents);
    // After the 24th payment: the 36 left, a month apart from the last one paid (an ordinary annuity), to rounding.
    expect(Math.abs(oldBalance - (100_000 * (1 - Math.pow(1.005, -36))) / 0.005)).toBeLessThan(3);
    expect(second.receivableCents).toBe(Math.round(annuityDue(120_000, 0.005, 36)));
    expect(second.changeCents).toBe(second.receivableCents - oldBalance);
    const remaining = first.deferredInflowCents - leaseRevenueCents(first, '2025-01-01', '2026-12-31');
    expect(second.deferredInflowCents).toBe(remaining + second.changeCents);
    expect(second.rows.at(-1)!.balanceCents).toBe(0);
  });

  it('short-term: at most twelve months of maximum possible term', () => {
    expect(isShortTermLease('2025-01-01', '2025-12-31')).toBe(true);
    expect(isShortTermLease('2025-01-01', '2026-01-01')).toBe(false);
    expect(isShortTermLease('2025-01-01', null)).toBe(false);
  });
});

describe('GASB 87 reports', () => {
  it('names a fiscal year by the calendar year it ends in', () => {
    expect(fiscalYearOf('2025-07-01', 7)).toBe(2026);
    expect(fiscalYearOf('2026-06-30', 7)).toBe(2026);
    expect(fiscalYearOf('2026-06-30', 1)).toBe(2026);
    expect(fiscalYearRange(2026, 7)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(fiscalYearRange(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('maturity: five single years, then five-year buckets', () => {
    const buckets = maturityBuckets('2026-06-30', 7, 2040);
    expect(buckets.map((b) => b.label)).toEqual(['FY 2027', 'FY 2028', 'FY 2029', 'FY 2030', 'FY 2031', 'FY 2032-2036', 'FY 2037-2041']);
    expect(buckets[0]).toMatchObject({ from: '2026-07-01', to: '2027-06-30' });
  });

  it('roll-forward: beginning + additions - reductions = ending, across a modification', () => {
    const first = measureAtCommencement({ commencement: '2025-01-01', termEnd: '2029-12-31', annualPercent: 6, payments: monthly('2025-01-01', 60, 100_000) });
    const second = remeasure(first, { on: '2027-01-01', termEnd: '2029-12-31', annualPercent: 6, payments: monthly('2027-01-01', 36, 120_000) });
    const facts = (v: TGasb87Measurement, validUntil: string | null, from: string, to: string) => {
      const rows = v.rows.filter((r) => r.date >= from && r.date <= to && (validUntil === null || r.date < validUntil));
      const inForce = (d: string) => v.validFrom <= d && (validUntil === null || d < validUntil);
      const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      return {
        ...v,
        reason: v === first ? ('commencement' as const) : ('modification' as const),
        validUntil,
        paymentCents: rows.reduce((a, r) => a + r.paymentCents, 0),
        interestCents: rows.reduce((a, r) => a + r.interestCents, 0),
        principalCents: rows.reduce((a, r) => a + r.principalCents, 0),
        balanceBefore: inForce(dayBefore) ? balanceAt(v, dayBefore) : null,
        balanceAtEnd: inForce(to) ? balanceAt(v, to) : null,
      };
    };
    let endingBefore = 0;
    for (const [from, to] of [['2025-01-01', '2025-12-31'], ['2026-01-01', '2026-12-31'], ['2027-01-01', '2027-12-31'], ['2028-01-01', '2029-12-31']] as const) {
      const rf = rollForwardCents([facts(first, '2027-01-01', from, to), facts(second, null, from, to)], from, to);
      expect(rf.beginningReceivable).toBe(endingBefore);
      expect(rf.beginningReceivable + rf.additions - rf.reductions).toBe(rf.endingReceivable);
      endingBefore = rf.endingReceivable;
    }
    expect(endingBefore).toBe(0);
  });
});
