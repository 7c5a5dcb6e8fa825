import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MINUTES, RETRY_ATTEMPTS, retryDelayMinutes } from './retry-schedule';

describe('the retry schedule (mail outbox, domain events)', () => {
  it('waits 1, 5, 15 min, 1, 3, 6, 12 h after each failure: about a day before mail gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMinutes)).toEqual([1, 5, 15, 60, 180, 360, 720]);
    expect(RETRY_AFTER_MINUTES.reduce((sum, minutes) => sum + minutes, 0)).toBe(22 * 60 + 21);
    expect(RETRY_ATTEMPTS).toBe(8);
  });

  it('past the schedule keeps its last step (an event is never dropped)', () => {
    expect(retryDelayMinutes(8)).toBe(720);
    expect(retryDelayMinutes(50)).toBe(720);
    expect(retryDelayMinutes(0)).toBe(1);
  });
});
