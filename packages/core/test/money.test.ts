import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, sumCents, toCents, zDollars } from '../src/money';

describe('money', () => {
  it('converts dollars to integer cents without floating drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1234.5)).toBe(123450);
    expect(fromCents(123450)).toBe(1234.5);
  });

  it('sums cents exactly', () => {
    expect(sumCents([1999, 1, 10000])).toBe(12000);
    expect(sumCents([])).toBe(0);
  });

  it('formats cents as dollars with two decimals', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
  });

  it('accepts positive prices with at most two decimals below the maximum', () => {
    const price = zDollars({ positive: true });
    expect(price.safeParse(25.5).success).toBe(true);
    expect(price.safeParse(0).success).toBe(false);
    expect(price.safeParse(-1).success).toBe(false);
    expect(price.safeParse(1.005).success).toBe(false);
    expect(price.safeParse(10_000_000.01).success).toBe(false);
    expect(price.safeParse('12').success).toBe(false);
  });
});
