import { z } from 'zod';
// numberError also installs the plain-sentence validation messages (PRODUCT-RULES 27)
import { numberError } from './common/number';
import { formatMoney, toCents } from './money-format';

export { toCents, fromCents, sumCents, formatMoney } from './money-format';

/** Money lives as integer cents inside; dollars with at most two decimals at the edges. */
export const MAX_PRICE_CENTS = 10_000_000_00;

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A dollar amount as the API carries it: a number with at most two decimals. */
export function zDollars(options: { min?: number; positive?: boolean; maxCents?: number } = {}) {
  const maxCents = options.maxCents ?? MAX_PRICE_CENTS;
  // 'Rent is required' / 'Rent must be a number': the message names the field from its path
  let schema = z.number({ error: numberError }).refine(Number.isFinite, { error: numberError });
  schema = schema.refine(hasAtMostTwoDecimals, 'At most two decimals');
  if (options.positive) schema = schema.refine((v) => v > 0, 'Must be greater than 0');
  if (options.min !== undefined) {
    const min = options.min;
    schema = schema.refine((v) => v >= min, `Must be at least ${min}`);
  }
  return schema.refine((v) => toCents(v) <= maxCents, `Must be at most ${formatMoney(maxCents)}`);
}
