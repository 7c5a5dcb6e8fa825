/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week) as pg-boss schedules
 * them, with a validator and a plain-English preview for the Invoice Cycles editor. Only the
 * text is checked and worded here (the web loads this); the server evaluates the expressions with
 * cron-parser in one place (apps/server platform/jobs/cron.ts).
 */
import { z } from 'zod';

export const DEFAULT_CRON_EXPRESSION = '0 0 * * *'; // daily at midnight (spec doc 2 §9)

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function isValidField(text: string, min: number, max: number): boolean {
  return text.split(',').every((part) => {
    const [range, step] = part.split('/');
    if (step !== undefined && !/^\d+$/.test(step)) return false;
    if (step !== undefined && Number(step) < 1) return false;
    if (range === '*') return true;
    const bounds = range!.split('-');
    if (bounds.length > 2 || !bounds.every((b) => /^\d+$/.test(b))) return false;
    const [lo, hi = lo] = bounds.map(Number) as [number, number?];
    return lo >= min && hi! <= max && lo <= hi!;
  });
}

/** Null when valid, otherwise a message that says what is wrong. */
export function cronError(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return 'Schedule must have five fields: minute hour day month weekday';
  for (let i = 0; i < 5; i++) {
    const f = FIELDS[i]!;
    if (!isValidField(fields[i]!, f.min, f.max)) return `The ${f.name} field must be * or numbers from ${f.min} to ${f.max}`;
  }
  return null;
}

/** A schedule field (invoice cycles, master inspections): daily at midnight when not given, and `cronError`'s message when invalid. */
export const ZCronExpression = z
  .string()
  .trim()
  .default(DEFAULT_CRON_EXPRESSION)
  .superRefine((value, ctx) => {
    const error = cronError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

function pad(n: string): string {
  return n.padStart(2, '0');
}

/** "Every day at 00:00", "On day 1 of every month at 06:30", or a literal fallback. */
export function describeCron(expression: string): string {
  if (cronError(expression)) return 'Invalid schedule';
  const [minute, hour, dom, month, dow] = expression.trim().split(/\s+/) as [string, string, string, string, string];
  const simpleTime = /^\d+$/.test(minute) && /^\d+$/.test(hour);
  const at = simpleTime ? `at ${pad(hour)}:${pad(minute)}` : `at minute ${minute}, hour ${hour}`;
  if (dom === '*' && month === '*' && dow === '*') return `Every day ${at}`;
  if (dom === '*' && month === '*' && /^\d$/.test(dow)) return `Every ${DAY_NAMES[Number(dow)]} ${at}`;
  if (/^\d+$/.test(dom) && month === '*' && dow === '*') return `On day ${dom} of every month ${at}`;
  if (/^\d+$/.test(dom) && /^\d+$/.test(month) && dow === '*') return `Every year on ${MONTH_NAMES[Number(month)]} ${dom} ${at}`;
  if (/^\d+$/.test(dom) && /^\*\/\d+$/.test(month) && dow === '*') return `On day ${dom} of every ${month.slice(2)} months ${at}`;
  return `Minute ${minute}, hour ${hour}, day ${dom}, month ${month}, weekday ${dow}`;
}
