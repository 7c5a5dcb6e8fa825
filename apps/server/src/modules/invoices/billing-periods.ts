import { addCalendarDays } from '@apron/core';
import { fieldError } from '../../platform/errors/app-error';
import { cronDayPeriod } from '../../platform/jobs/cron';

/** A cycle's billing period: from `start` to `end`, both included; invoices are keyed by `start`. */
export interface BillingPeriod {
  start: string;
  end: string;
}

/**
 * The period of a cycle a request names (`period` = any date inside it), or by default the period
 * after the one containing today: the next one the scheduled run will bill. The cycle run uses the
 * same `cronDayPeriod`, so a date names the period the run would bill on that date. 400 naming
 * `period` when the cycle's expression bills nothing around it.
 */
export function requestedPeriod(expression: string, day: string | null, today: string): BillingPeriod {
  const current = cronDayPeriod(expression, day ?? today);
  const period = day || !current ? current : cronDayPeriod(expression, addCalendarDays(current.end, 1));
  if (!period) throw fieldError('period', 'This invoice cycle bills no period around that date: check its schedule in Settings.');
  return period;
}

/** The period before `period` (the preview's "last period"), or null when the cycle has none within a year. */
export function previousPeriod(expression: string, period: BillingPeriod): BillingPeriod | null {
  return cronDayPeriod(expression, addCalendarDays(period.start, -1));
}
