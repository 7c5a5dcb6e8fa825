import { z } from 'zod';
import { zNumber } from '../common/number';

/**
 * One month of the Consumer Price Index, kept by Settings admins (`Crud/cpiIndex`) for CPI rent
 * adjustments. `period` is `YYYY-MM` and unique; `value` is the published index (e.g. CPI-U
 * 315.605), positive with at most four decimals.
 */
export const ZCpiIndex = z.object({
  period: z
    .string({ error: 'Period is required' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period must be YYYY-MM'),
  value: zNumber('Value', (n) =>
    n
      .positive('Value must be greater than 0')
      .max(100_000, 'Value must be at most 100,000')
      .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, 'Value has at most four decimals'),
  ),
});
export type TCpiIndex = z.infer<typeof ZCpiIndex>;
