import type { Db } from '../../db/client';
import { runInvoiceCycles, runOverdueInvoices } from './agreement-invoices';
import { airportClock } from './invoices.repo';

/**
 * The daily invoice runs in each airport's own time zone (docs/airports.md, "Jobs"). pg-boss ticks
 * hourly (UTC) and the tick runs once per airport, in its scope (platform/jobs/airport-jobs.ts);
 * each airport's run does its local date's work from RUN_HOUR local time on. Both runs are keyed
 * by the date they are given (a cycle's period is invoiced once, an invoice turns Overdue and gets
 * its late fee once), so the later ticks of the same local date create nothing: no other record
 * of "done today" is kept, and a tick missed by an outage is made up by the next one.
 */
export const OVERDUE_CRON = '15 * * * *';
export const CYCLES_CRON = '30 * * * *';
/** 01:00 local: after the airport's midnight, whatever zone, so the date is the airport's new day. */
export const RUN_HOUR = 1;

/** The overdue run for the airport's date at `now`, or null before RUN_HOUR local time. */
export async function overdueTick(db: Db, now = new Date()): Promise<{ today: string; overdue: number } | null> {
  const clock = await airportClock(db, now);
  return clock.hour < RUN_HOUR ? null : runOverdueInvoices(db, clock.today);
}

/** The invoice cycles run for the airport's date at `now`, or null before RUN_HOUR local time. */
export async function cyclesTick(db: Db, now = new Date()): Promise<{ today: string; created: number } | null> {
  const clock = await airportClock(db, now);
  return clock.hour < RUN_HOUR ? null : runInvoiceCycles(db, clock.today);
}
