/**
 * When a scheduled master inspection is due: its five-field cron expression read in the airport
 * time zone (so the default '0 0 * * *' is the airport's midnight). Standard cron rules: lists,
 * ranges and steps; day-of-week 0 or 7 is Sunday; when both day fields are restricted either
 * may match.
 */
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function fieldMatches(field: string, value: number, min: number): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/') as [string, string?];
    const step = stepText ? Number(stepText) : 1;
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = min;
      hi = Number.MAX_SAFE_INTEGER;
    } else {
      const [a, b] = range.split('-');
      lo = Number(a);
      hi = b === undefined ? (stepText ? Number.MAX_SAFE_INTEGER : lo) : Number(b);
    }
    return value >= lo && value <= hi && (value - lo) % step === 0;
  });
}

export interface TWallClock {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
}

export function wallClock(instant: Date, timeZone: string): TWallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { minute: Number(parts.minute), hour: Number(parts.hour) % 24, day: Number(parts.day), month: Number(parts.month), weekday: WEEKDAYS[parts.weekday!] ?? 0 };
}

export function cronMatches(expression: string, instant: Date, timeZone: string): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const at = wallClock(instant, timeZone);
  if (!fieldMatches(minute, at.minute, 0) || !fieldMatches(hour, at.hour, 0) || !fieldMatches(month, at.month, 1)) return false;
  const domMatch = fieldMatches(dom, at.day, 1);
  const dowMatch = fieldMatches(dow, at.weekday, 0) || (at.weekday === 0 && fieldMatches(dow, 7, 0));
  if (dom !== '*' && dow !== '*') return domMatch || dowMatch;
  return domMatch && dowMatch;
}

/** The latest whole minute in (after, upTo] at which `expression` is due, or null. */
export function latestTick(expression: string, after: Date, upTo: Date, timeZone: string): Date | null {
  const minute = 60_000;
  let t = Math.floor(upTo.getTime() / minute) * minute;
  for (; t > after.getTime(); t -= minute) {
    if (cronMatches(expression, new Date(t), timeZone)) return new Date(t);
  }
  return null;
}
