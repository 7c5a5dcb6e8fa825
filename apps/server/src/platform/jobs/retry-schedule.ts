/**
 * When work that failed is tried again: the one retry schedule of the server.
 *
 * Deliveries we schedule ourselves (the mail outbox, domain events) wait after their n-th failed
 * attempt the n-th step of `RETRY_AFTER_MINUTES`: about a day in all (22 h 21 min), so an outage of
 * hours (SMTP, a handler's dependency) loses nothing. The mail outbox gives up after
 * `RETRY_ATTEMPTS` (staff can resend); a domain event keeps trying at the last step (never dropped).
 *
 * Jobs are retried by pg-boss, which knows only a delay doubled on each retry: `JOB_RETRY` is the
 * default a job's `JobOptions` may override. While the database does not answer, the job worker
 * waits `DATABASE_WAIT` between tries (short: the job is in hand).
 */
export const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 3 * 60, 6 * 60, 12 * 60] as const;

/** Attempts of a delivery that gives up: the first and one after each step of the schedule. */
export const RETRY_ATTEMPTS = RETRY_AFTER_MINUTES.length + 1;

/** Minutes to wait after the n-th failed attempt (1-based); past the schedule, its last step. */
export function retryDelayMinutes(failedAttempts: number): number {
  return RETRY_AFTER_MINUTES[Math.min(Math.max(failedAttempts, 1), RETRY_AFTER_MINUTES.length) - 1]!;
}

/** pg-boss's retry of a failed job by default: 15 s, doubled on each retry, 3 retries. */
export const JOB_RETRY = { limit: 3, delaySeconds: 15 } as const;

/** Waits while the database does not answer: 0.25 s doubling to 5 s. */
export const DATABASE_WAIT = { firstMs: 250, longestMs: 5_000 } as const;

/** The wait after `waitMs` while the database still does not answer. */
export function nextDatabaseWaitMs(waitMs: number): number {
  return Math.min(waitMs * 2, DATABASE_WAIT.longestMs);
}
