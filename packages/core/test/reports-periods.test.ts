import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../src/common/calendar';
import { REPORT_MESSAGES, ZChartQuery, ZInvoiceReportQuery, currentPeriods, formatReportDate, reportPeriod, previousPeriod, quarterOfMonth, yearOptions } from '../src/reports/index';

describe('report periods', () => {
  it('11/15/2024: current Q4 2024, previous Q3 2024', () => {
    const p = currentPeriods('2024-11-15');
    expect(p.currentQuarter).toMatchObject({ year: 2024, index: 4, begin: '2024-10-01', end: '2024-12-31', label: 'Q4 2024' });
    expect(p.previousQuarter).toMatchObject({ year: 2024, index: 3, begin: '2024-07-01', end: '2024-09-30' });
    expect(p.currentMonth).toMatchObject({ begin: '2024-11-01', end: '2024-11-30', label: 'November 2024' });
    expect(p.previousMonth).toMatchObject({ begin: '2024-10-01', end: '2024-10-31' });
  });

  it('02/10/2025: previous quarter is Q4 2024, previous year 2024, February ends on the 28th', () => {
    const p = currentPeriods('2025-02-10');
    expect(p.currentQuarter).toMatchObject({ year: 2025, index: 1, begin: '2025-01-01', end: '2025-03-31' });
    expect(p.previousQuarter).toMatchObject({ year: 2024, index: 4, begin: '2024-10-01', end: '2024-12-31' });
    expect(p.currentYear).toMatchObject({ begin: '2025-01-01', end: '2025-12-31' });
    expect(p.previousYear).toMatchObject({ year: 2024, begin: '2024-01-01', end: '2024-12-31' });
    expect(p.currentMonth.end).toBe('2025-02-28');
    expect(p.previousMonth).toMatchObject({ year: 2025, index: 1 });
  });

  it('quarter boundaries: the first and last day of each quarter', () => {
    expect([1, 3, 4, 6, 7, 9, 10, 12].map(quarterOfMonth)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(currentPeriods('2024-03-31').currentQuarter.index).toBe(1);
    expect(currentPeriods('2024-04-01').currentQuarter.index).toBe(2);
    expect(currentPeriods('2024-12-31').currentQuarter).toMatchObject({ year: 2024, index: 4 });
    expect(currentPeriods('2025-01-01').previousQuarter).toMatchObject({ year: 2024, index: 4 });
    expect(reportPeriod('month', 2024, 2).end).toBe('2024-02-29');
    expect(previousPeriod(reportPeriod('month', 2025, 1))).toMatchObject({ year: 2024, index: 12 });
    expect(() => reportPeriod('quarter', 2024, 5)).toThrow();
  });

  it('year options run from the first year with data to the current year', () => {
    expect(yearOptions(2021, 2024)).toEqual([2024, 2023, 2022, 2021]);
    expect(yearOptions(null, 2024)).toEqual([2024]);
    expect(yearOptions(2026, 2024)).toEqual([2024]);
  });

  it('dates in the filters read MM-DD-YYYY; calendar arithmetic crosses months', () => {
    expect(formatReportDate('2024-11-05')).toBe('11-05-2024');
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addCalendarDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('queries refuse an end before the start with a message on the field', () => {
    const bad = ZInvoiceReportQuery.safeParse({ begin: '2024-02-01', end: '2024-01-31' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['end'], message: REPORT_MESSAGES.endBeforeBegin });
    expect(ZInvoiceReportQuery.parse({ begin: '2024-01-01', end: '2024-01-01' }).kind).toBe('Billing');
    const same = ZChartQuery.safeParse({ start: '2024-01-01', end: '2024-01-01', grouping: 'Daily', measure: 'billed' });
    expect(same.error?.issues[0]).toMatchObject({ path: ['end'], message: REPORT_MESSAGES.endNotAfterStart });
  });
});
