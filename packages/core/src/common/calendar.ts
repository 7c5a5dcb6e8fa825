import { addDays, addMonths, formatISO, getDaysInMonth, lastDayOfMonth } from 'date-fns';

/**
 * Calendar dates (`YYYY-MM-DD`, no time, no zone) and their arithmetic, in one place on date-fns:
 * how long a month is, the last day of a month, whole days or months later (a day missing from a
 * shorter month is clamped to its last day), and whether a `YYYY-MM-DD` names a real day. Each date is a
 * local midnight inside this file only (date-fns counts calendar days in local time, so daylight
 * saving never shifts a day); callers pass and get `YYYY-MM-DD` strings. Which day is *today* for
 * the airport is `dates.ts` `calendarDate` (a time-zone question, not calendar math).
 */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Local midnight of a year, month (1-12) and day; years below 100 stay themselves (not 19xx). */
function localMidnight(year: number, month: number, day: number): Date {
  const date = new Date(2000, month - 1, day);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** The local calendar day of `YYYY-MM-DD` (anything after the date, such as a time, is ignored); null when it is not one. */
export function parseCalendarDay(value: string): Date | null {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = localMidnight(year, month, day);
  // The day exists when the Date did not roll over into the next month (date-fns' isExists does
  // this too, but reads years below 100 as 19xx).
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function dayOrThrow(value: string): Date {
  const date = parseCalendarDay(value);
  if (!date) throw new RangeError(`Not a calendar date: ${value}`);
  return date;
}

/** `YYYY-MM-DD` of a date's local calendar day (a browser's today, a date picked in a grid filter). */
export function calendarDayOf(date: Date): string {
  return formatISO(date, { representation: 'date' });
}

/** Whether `value` is exactly a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDay(value) !== null;
}

/** Days in a month (1-12) of a year: 28 to 31. */
export function daysInMonth(year: number, month: number): number {
  return getDaysInMonth(localMidnight(year, month, 1));
}

/** The first and last day of the month that holds `day`, both `YYYY-MM-DD`. */
export function monthOf(day: string): { first: string; last: string } {
  const date = dayOrThrow(day);
  return { first: `${day.slice(0, 8)}01`, last: calendarDayOf(lastDayOfMonth(date)) };
}

/** `day` plus whole days (negative for earlier). */
export function addCalendarDays(day: string, days: number): string {
  return calendarDayOf(addDays(dayOrThrow(day), days));
}

/** `day` plus whole months, the day clamped to the target month's last day (Jan 31 + 1 month = Feb 28). */
export function addCalendarMonths(day: string, months: number): string {
  return calendarDayOf(addMonths(dayOrThrow(day), months));
}
