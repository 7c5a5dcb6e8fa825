import { describe, expect, it } from 'vitest';
import { cronError } from '@apron/core';
import { cronDayPeriod, latestCronTick } from './cron';

// The cases core tested on its own evaluators (cronMatches, cyclePeriod) before they became this
// one helper over cron-parser.
describe('latestCronTick (a master inspection schedule)', () => {
  const zone = 'America/Los_Angeles';
  const tickIn = (expression: string, after: string, upTo: string) => latestCronTick(expression, new Date(after), new Date(upTo), zone)?.toISOString() ?? null;

  it('daily at midnight is the airport midnight', () => {
    expect(tickIn('0 0 * * *', '2026-11-22T12:00:00Z', '2026-11-23T09:30:10Z')).toBe('2026-11-23T08:00:00.000Z'); // 00:00 PST
    expect(tickIn('0 0 * * *', '2026-11-23T08:00:00Z', '2026-11-23T09:30:00Z')).toBeNull();
  });

  it('steps, lists, weekdays (7 is Sunday)', () => {
    expect(tickIn('*/15 * * * *', '2026-11-23T08:30:00Z', '2026-11-23T08:45:00Z')).toBe('2026-11-23T08:45:00.000Z');
    expect(tickIn('*/15 * * * *', '2026-11-23T08:30:00Z', '2026-11-23T08:44:59Z')).toBeNull();
    expect(tickIn('0 6 * * 7', '2026-11-22T00:00:00Z', '2026-11-22T20:00:00Z')).toBe('2026-11-22T14:00:00.000Z'); // Sunday 06:00 PST
    expect(tickIn('0 6 * * 1,3', '2026-11-23T00:00:00Z', '2026-11-23T20:00:00Z')).toBe('2026-11-23T14:00:00.000Z'); // Monday
  });

  it('either restricted day field may match', () => {
    // 1st of the month or a Friday: Friday 2026-11-27 06:00 PST.
    expect(tickIn('0 6 1 * 5', '2026-11-24T00:00:00Z', '2026-11-28T00:00:00Z')).toBe('2026-11-27T14:00:00.000Z');
  });

  it('an expression it cannot read is never due', () => {
    expect(tickIn('0 0 * *', '2026-11-22T00:00:00Z', '2026-11-23T09:30:00Z')).toBeNull();
    expect(tickIn('0 0 31 2 *', '2026-11-22T00:00:00Z', '2026-11-23T09:30:00Z')).toBeNull();
  });
});

describe('cronDayPeriod (an invoice cycle)', () => {
  it('monthly on the 1st gives calendar months', () => {
    expect(cronDayPeriod('0 6 1 * *', '2025-03-17')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(cronDayPeriod('0 6 1 * *', '2024-02-01')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('quarterly, yearly and weekly (7 is Sunday too)', () => {
    expect(cronDayPeriod('0 0 1 */3 *', '2025-05-20')).toEqual({ start: '2025-04-01', end: '2025-06-30' });
    expect(cronDayPeriod('0 0 1 1 *', '2025-05-20')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(cronDayPeriod('0 0 * * 1', '2025-05-21')).toEqual({ start: '2025-05-19', end: '2025-05-25' });
    expect(cronDayPeriod('0 0 * * 7', '2025-05-25')).toEqual({ start: '2025-05-25', end: '2025-05-31' });
  });

  it('daily gives one day', () => {
    expect(cronDayPeriod('0 0 * * *', '2025-05-21')).toEqual({ start: '2025-05-21', end: '2025-05-21' });
  });

  it('a cycle that fires less than yearly, or never, bills nothing', () => {
    expect(cronDayPeriod('0 0 29 2 *', '2025-05-20')).toBeNull();
    expect(cronDayPeriod('0 0 30 2 *', '2025-05-20')).toBeNull();
  });
});

describe('what the editor accepts, the evaluator reads', () => {
  it.each(['0 0 * * *', '*/15 8-17 * * 1-5', '30 6 1 * *', '0 0 1 */3 *', '0 6 * * 7', '0 6 1,15 * 5', '5 4 1-7 1-12/2 0-6'])('%s', (expression) => {
    expect(cronError(expression)).toBeNull();
    expect(latestCronTick(expression, new Date('2020-01-01T00:00:00Z'), new Date('2026-11-23T09:30:00Z'), 'UTC')).not.toBeNull();
  });
});
