import { z } from 'zod';
import { plainMessage } from './messages';

/**
 * A number typed into a form (PRODUCT-RULES 27). A JSON number, or text that is plainly a
 * decimal number ('12', '-3.5'), is read as that number; empty text, null or absent is
 * '<Label> is required' and anything else ('ten', '1e3') '<Label> must be a number' —
 * never 0, as `z.coerce.number()` made of ''.
 *
 *   dueDays: zNumber('Due Days', (n) => n.int('Due Days must be a whole number').min(0, ...))
 */
export function zNumber<T extends z.ZodType<number, number>>(label: string, refine?: (base: z.ZodNumber) => T) {
  const base = z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`),
  });
  const checked = refine ? refine(base) : base;
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  }, checked);
}

/** The base message of a number whose label comes from its field ('Rent must be a number'). */
export const numberError = (issue: Parameters<typeof plainMessage>[0]) => plainMessage({ ...issue, code: 'invalid_type', expected: 'number' });
