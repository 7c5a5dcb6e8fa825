import { describe, expect, it } from 'vitest';
import { calendarDate, daysBetween, formatDate, formatDateTime, isValidTimeZone } from '../src/dates';

describe('dates', () => {
  it('shows MM/DD/YYYY, or NA without a date', () => {
    expect(formatDate('2026-03-05')).toBe('03/05/2026');
    expect(formatDate(null)).toBe('NA');
    expect(formatDate('not a date')).toBe('NA');
  });

  it('shows an instant on the airport calendar, not the server one', () => {
    // 03:00 UTC on the 6th is still the evening of the 5th in Los Angeles.
    expect(formatDate(new Date('2026-03-06T03:00:00Z'), 'America/Los_Angeles')).toBe('03/05/2026');
    expect(formatDate(new Date('2026-03-06T03:00:00Z'), 'UTC')).toBe('03/06/2026');
    expect(calendarDate(new Date('2026-03-06T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-05');
  });

  it('shows chat timestamps as MM/DD/YYYY HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-07-04T00:05:00Z'), 'UTC')).toBe('07/04/2026 00:05');
  });

  it('counts calendar days across month ends and daylight-saving changes', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
  });

  it('knows a real time zone from a typo', () => {
    expect(isValidTimeZone('America/Denver')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('calendarDate around midnight in the same minute of calls', () => {
  it('gives the new date from the first instant of the next day, after asking within the minute before', () => {
    const tz = 'America/Los_Angeles';
    // 2026-03-08 23:59:30 PST, then 00:00:00 and 00:00:30 on the 9th (PDT began at 02:00 on the 8th).
    expect(calendarDate(new Date('2026-03-09T06:59:30Z'), tz)).toBe('2026-03-08');
    expect(calendarDate(new Date('2026-03-09T06:59:59.999Z'), tz)).toBe('2026-03-08');
    expect(calendarDate(new Date('2026-03-09T07:00:00Z'), tz)).toBe('2026-03-09');
    expect(calendarDate(new Date('2026-03-09T07:00:30Z'), tz)).toBe('2026-03-09');
    // Another zone in between does not mix the two up.
    expect(calendarDate(new Date('2026-03-09T07:00:30Z'), 'UTC')).toBe('2026-03-09');
    expect(calendarDate(new Date('2026-03-09T06:59:30Z'), tz)).toBe('2026-03-08');
  });
});
