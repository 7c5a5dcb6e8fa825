import { describe, expect, it } from 'vitest';
import {
  addMonths, adjustRentCents, cpiChangePercent, cpiPeriodsFor, nextAdjustmentDates, rentAdjustmentReason,
} from '../src/agreements/rent-adjustment';
import { ZCpiIndex } from '../src/settings/cpi-index';

describe('adjustment dates (months)', () => {
  it('adds months and clamps the day to the month end', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2025-03-15', -3)).toBe('2024-12-15');
  });
  it('lists start + k * freq within the window, counted from the start (no drift)', () => {
    expect(nextAdjustmentDates('2023-01-31', 1, '2023-02-01', '2023-04-30')).toEqual(['2023-02-28', '2023-03-31', '2023-04-30']);
    expect(nextAdjustmentDates('2023-07-01', 12, '2023-01-01', '2025-07-01')).toEqual(['2023-07-01', '2024-07-01', '2025-07-01']);
    expect(nextAdjustmentDates('2023-07-01', 12, '2024-07-02', '2025-06-30')).toEqual([]);
  });
  it('a missing or 0 frequency is the one adjustment on the start date', () => {
    expect(nextAdjustmentDates('2024-05-01', null, '2020-01-01', '2030-01-01')).toEqual(['2024-05-01']);
    expect(nextAdjustmentDates('2024-05-01', 0, '2024-05-02', '2030-01-01')).toEqual([]);
  });
});

describe('new rent (cents)', () => {
  it('Flat adds the amount', () => {
    expect(adjustRentCents(45_050, { skuType: 'Flat', skuValueCents: 2500 })).toEqual({ newCents: 47_550, appliedPercent: null });
  });
  it('Percent multiplies by 1 + p/100, rounded half up to the cent', () => {
    // 3% of $450.50 = $13.515 -> $13.52
    expect(adjustRentCents(45_050, { skuType: 'Percent', percent: 3 }).newCents).toBe(46_402);
    // 2.5% of $0.99 = 2.475 cents -> 2 cents
    expect(adjustRentCents(99, { skuType: 'Percent', percent: 2.5 }).newCents).toBe(101);
    // 0.1% of $1,000.05 = 100.005 cents -> 100 cents; 2.5% of $0.10 = 0.25 cent -> 0, of $0.20 = 0.5 -> 1
    expect(adjustRentCents(100_005, { skuType: 'Percent', percent: 0.1 }).newCents).toBe(100_105);
    expect(adjustRentCents(20, { skuType: 'Percent', percent: 2.5 }).newCents).toBe(21);
    // no float drift: 1.1% of $1,000.00 is exactly $11.00
    expect(adjustRentCents(100_000, { skuType: 'Percent', percent: 1.1 }).newCents).toBe(101_100);
  });
  it('CPI uses the index change, but at least the payment type value', () => {
    expect(cpiChangePercent(300, 309)).toBe(3);
    expect(cpiChangePercent(307.051, 315.605)).toBe(2.7859);
    expect(adjustRentCents(100_000, { skuType: 'CPI', percent: 2, cpiChangePercent: 3 })).toEqual({ newCents: 103_000, appliedPercent: 3 });
    expect(adjustRentCents(100_000, { skuType: 'CPI', percent: 2, cpiChangePercent: 1.5 })).toEqual({ newCents: 102_000, appliedPercent: 2 });
    // a falling index never lowers the rent below the floor
    expect(adjustRentCents(100_000, { skuType: 'CPI', percent: 0, cpiChangePercent: -1 }).newCents).toBe(100_000);
  });
  it('CPI index months: the month before the adjustment and freq months earlier', () => {
    expect(cpiPeriodsFor('2025-01-01', 12)).toEqual({ basePeriod: '2023-12', currentPeriod: '2024-12' });
    expect(cpiPeriodsFor('2025-07-15', 6)).toEqual({ basePeriod: '2024-12', currentPeriod: '2025-06' });
    expect(cpiPeriodsFor('2025-07-15', null)).toEqual({ basePeriod: '2024-06', currentPeriod: '2025-06' });
  });
  it('explains itself', () => {
    const rule = { skuType: 'CPI', percent: 2, cpiChangePercent: 3 } as const;
    expect(rentAdjustmentReason(rule, adjustRentCents(100, rule), { basePeriod: '2023-12', currentPeriod: '2024-12' })).toBe('CPI 2023-12 -> 2024-12: +3% (min 2%) = +3%');
    expect(rentAdjustmentReason({ skuType: 'Flat', skuValueCents: 2500 }, { newCents: 0, appliedPercent: null })).toBe('Flat +$25.00');
  });
});

describe('CPI index input', () => {
  it('needs YYYY-MM and a positive value with at most four decimals', () => {
    expect(ZCpiIndex.parse({ period: '2024-12', value: '315.605' })).toEqual({ period: '2024-12', value: 315.605 });
    expect(ZCpiIndex.safeParse({ period: '2024-13', value: 1 }).success).toBe(false);
    expect(ZCpiIndex.safeParse({ period: '2024-12', value: 0 }).success).toBe(false);
    expect(ZCpiIndex.safeParse({ period: '2024-12', value: 1.00001 }).success).toBe(false);
  });
});
