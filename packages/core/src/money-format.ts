/**
 * Money arithmetic and display, free of zod: the public pages format rents without bundling the
 * validation library (issue 10 item 2). `money.ts` re-exports all of it with `zDollars`.
 */

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,234.50` from cents. */
export function formatMoney(cents: number): string {
  return formatter.format(cents / 100);
}
