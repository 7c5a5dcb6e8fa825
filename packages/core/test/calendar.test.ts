import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCalendarMonths, calendarDayOf, daysInMonth, isCalendarDay, monthOf, parseCalendarDay } from '../src/common/calendar';

describe('calendar', () => {
  it('knows how long every month is, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2025, month))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });

  it('gives the first and last day of the month that holds a day', () => {
    expect(monthOf('2024-02-10')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });

  it('adds days across month and year ends and daylight-saving changes', () => {
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addCalendarDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addCalendarDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addCalendarDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addCalendarDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('adds months, clamping a day the target month lacks to its last day', () => {
    expect(addCalendarMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addCalendarMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addCalendarMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addCalendarMonths('2025-11-15', 3)).toBe('2026-02-15');
  });

  it('tells a real day from one the pattern lets through', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00:00Z')).toBe(false);
    expect(parseCalendarDay('2026-01-05T10:00:00Z')).not.toBeNull();
    expect(parseCalendarDay('0050-06-01')?.getFullYear()).toBe(50);
  });

  it('refuses arithmetic on something that is not a day', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow('Not a calendar date: 2026-02-30');
  });

  it('writes a date as its local calendar day', () => {
    expect(calendarDayOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(calendarDayOf(parseCalendarDay('0050-06-01')!)).toBe('0050-06-01');
  });
});
