import { daysInMonth } from '../common/calendar';

/**
 * Report periods (spec doc 2 §9 Reports): months, quarters (Q1 Jan-Mar ...) and years as
 * inclusive `YYYY-MM-DD` ranges, and the Current / Previous Month, Quarter and Year of a given
 * airport date. Pure: the server passes the airport's today (core `calendarDate` in TIME_ZONE),
 * so the rollover (Q1 -> previous Q4 of last year) is decided in one place.
 */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const QUARTER_LABELS = ['Q1 Jan-Mar', 'Q2 Apr-Jun', 'Q3 Jul-Sep', 'Q4 Oct-Dec'] as const;

export type TPeriodKind = 'month' | 'quarter' | 'year';

export interface TPeriod {
  kind: TPeriodKind;
  year: number;
  /** Month 1-12, quarter 1-4; 1 for a year. */
  index: number;
  label: string;
  /** Inclusive first and last calendar dates, `YYYY-MM-DD`. */
  begin: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function range(year: number, firstMonth: number, lastMonth: number): { begin: string; end: string } {
  return { begin: `${year}-${pad(firstMonth)}-01`, end: `${year}-${pad(lastMonth)}-${pad(daysInMonth(year, lastMonth))}` };
}

/** Quarter (1-4) of a month (1-12). */
export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}

export function reportPeriod(kind: TPeriodKind, year: number, index = 1): TPeriod {
  if (kind === 'month') {
    if (index < 1 || index > 12) throw new RangeError(`month ${index}`);
    return { kind, year, index, label: `${MONTH_NAMES[index - 1]} ${year}`, ...range(year, index, index) };
  }
  if (kind === 'quarter') {
    if (index < 1 || index > 4) throw new RangeError(`quarter ${index}`);
    return { kind, year, index, label: `Q${index} ${year}`, ...range(year, index * 3 - 2, index * 3) };
  }
  return { kind, year, index: 1, label: String(year), ...range(year, 1, 12) };
}

/** The period before `period` of the same kind (January -> December of last year, Q1 -> Q4). */
export function previousPeriod(period: TPeriod): TPeriod {
  if (period.kind === 'year') return reportPeriod('year', period.year - 1);
  if (period.index > 1) return reportPeriod(period.kind, period.year, period.index - 1);
  return reportPeriod(period.kind, period.year - 1, period.kind === 'month' ? 12 : 4);
}

/** The period of `kind` that holds `date` (`YYYY-MM-DD`). */
export function periodContaining(kind: TPeriodKind, date: string): TPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (kind === 'month') return reportPeriod('month', year, month);
  if (kind === 'quarter') return reportPeriod('quarter', year, quarterOfMonth(month));
  return reportPeriod('year', year);
}

export interface TCurrentPeriods {
  today: string;
  currentMonth: TPeriod;
  previousMonth: TPeriod;
  currentQuarter: TPeriod;
  previousQuarter: TPeriod;
  currentYear: TPeriod;
  previousYear: TPeriod;
}

/** Current and Previous Month, Quarter and Year of the airport date `today`. */
export function currentPeriods(today: string): TCurrentPeriods {
  const currentMonth = periodContaining('month', today);
  const currentQuarter = periodContaining('quarter', today);
  const currentYear = periodContaining('year', today);
  return {
    today,
    currentMonth,
    previousMonth: previousPeriod(currentMonth),
    currentQuarter,
    previousQuarter: previousPeriod(currentQuarter),
    currentYear,
    previousYear: previousPeriod(currentYear),
  };
}

/**
 * Year options (PRODUCT-RULES 24): from the first year with data to the current year, newest
 * first; only the current year when there is no data (or the data's first year is later).
 */
export function yearOptions(firstYearWithData: number | null, currentYear: number): number[] {
  const first = firstYearWithData === null ? currentYear : Math.min(firstYearWithData, currentYear);
  const years: number[] = [];
  for (let year = currentYear; year >= first; year -= 1) years.push(year);
  return years;
}

/** `YYYY-MM-DD` -> `MM-DD-YYYY`, the reports' filter format (spec doc 2 §9). */
export function formatReportDate(date: string): string {
  return `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;
}

