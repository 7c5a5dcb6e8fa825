/** Dates: ISO 8601 in the API; MM/DD/YYYY in the UI; date-only rules in the airport time zone. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one
 * (a third of a millisecond), and the server asks for the airport's date on every payment.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

function parts(value: Date, timeZone: string) {
  const fmt = formatterFor(timeZone);
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(value)) out[p.type] = p.value;
  return out as { year: string; month: string; day: string; hour: string; minute: string };
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `MM/DD/YYYY`, or `NA` when there is no date. A bare `YYYY-MM-DD` is shown as that calendar date. */
export function formatDate(value: Date | string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${m}/${d}/${y}`;
  }
  const date = toDate(value);
  if (!date) return 'NA';
  const p = parts(date, timeZone);
  return `${p.month}/${p.day}/${p.year}`;
}

/** `MM/DD/YYYY HH:mm` (chat and audit timestamps). */
export function formatDateTime(value: Date | string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return 'NA';
  const p = parts(date, timeZone);
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}

/** The hour of the day (0-23) of an instant in the airport time zone: when its daily work may run. */
export function calendarHour(value: Date, timeZone = DEFAULT_TIME_ZONE): number {
  return Number(parts(value, timeZone).hour);
}

/**
 * The last calendar date asked for per time zone, with the minute of the instant it was for:
 * since 1972 every time zone's offset is whole minutes, so a date changes (midnight, DST) only on
 * a whole minute and any instant in the same minute has the same date (older instants, with
 * local mean times to the second, are not remembered). The server asks for the airport's date on every payment, hundreds of
 * times a second, and formatToParts costs ~20 µs.
 */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1972, 0, 1) / 60_000;
const lastDates = new Map<string, { minute: number; date: string }>();

/** The calendar date (`YYYY-MM-DD`) of an instant in the airport time zone. */
export function calendarDate(value: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const minute = Math.floor(value.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last && last.minute === minute) return last.date;
  const p = parts(value, timeZone);
  const date = `${p.year}-${p.month}-${p.day}`;
  if (minute >= WHOLE_MINUTE_OFFSETS_FROM) lastDates.set(timeZone, { minute, date });
  return date;
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const b = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  return Math.round((b - a) / 86_400_000);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
