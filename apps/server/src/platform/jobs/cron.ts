import cronParser, { type CronExpression } from 'cron-parser';

/**
 * The server's one reader of cron expressions: five fields (minute hour day-of-month month
 * day-of-week) evaluated by cron-parser, the library pg-boss schedules with, so a master
 * inspection's or an invoice cycle's expression means what a pg-boss schedule means: lists,
 * ranges and steps; day-of-week 0 or 7 is Sunday; when both day fields are restricted either may
 * match. Core's `cronError` / `describeCron` check and word what the editor saves (they stay in
 * core so the web bundle carries no cron library).
 */
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How far `cronDayPeriod` looks for the days a cycle fires on: a cycle rarer than yearly bills nothing. */
const PERIOD_SEARCH_DAYS = { back: 366, ahead: 367 } as const;

/** The expression's ticks around `from`, read in `timeZone`; null when it is not five fields or cron-parser refuses it. */
function ticksFrom(expression: string, from: Date, timeZone: string): CronExpression | null {
  if (expression.trim().split(/\s+/).length !== 5) return null;
  try {
    return cronParser.parseExpression(expression, { currentDate: from, tz: timeZone });
  } catch {
    return null;
  }
}

/** The tick before (`prev`) or after (`next`) the iterator's start, or null when there is none cron-parser can find. */
function step(ticks: CronExpression | null, direction: 'prev' | 'next'): Date | null {
  if (!ticks) return null;
  try {
    return ticks[direction]().toDate();
  } catch {
    return null;
  }
}

/**
 * The latest whole minute in (after, upTo] at which `expression` is due, read in `timeZone` (so
 * '0 0 * * *' is that zone's midnight), or null (none, or an expression that cannot be read).
 */
export function latestCronTick(expression: string, after: Date, upTo: Date, timeZone: string): Date | null {
  const endOfLastMinute = Math.floor(upTo.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const tick = step(ticksFrom(expression, new Date(endOfLastMinute), timeZone), 'prev');
  return tick && tick.getTime() > after.getTime() ? tick : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The calendar period the expression's day fields describe around `day` (YYYY-MM-DD; its minute
 * and hour are ignored): from the last day it fires on or before `day`, to the day before it next
 * fires. A monthly cycle (`0 6 1 * *`) gives calendar months, `0 6 1 1 *` calendar years, a weekly
 * one weeks. Null when it does not fire within a year either way (nothing to bill).
 */
export function cronDayPeriod(expression: string, day: string): { start: string; end: string } | null {
  const [, , dayOfMonth, month, dayOfWeek] = expression.trim().split(/\s+/);
  if (!dayOfMonth || !month || !dayOfWeek) return null;
  const daily = `0 0 ${dayOfMonth} ${month} ${dayOfWeek}`;
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const start = step(ticksFrom(daily, new Date(dayStart + DAY_MS), 'UTC'), 'prev');
  if (!start || dayStart - start.getTime() > PERIOD_SEARCH_DAYS.back * DAY_MS) return null;
  const next = step(ticksFrom(daily, start, 'UTC'), 'next');
  if (!next || next.getTime() - start.getTime() > PERIOD_SEARCH_DAYS.ahead * DAY_MS) return null;
  return { start: isoDay(start.getTime()), end: isoDay(next.getTime() - DAY_MS) };
}
