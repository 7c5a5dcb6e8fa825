import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { JobHandler, JobOptions } from './jobs';
import { DATABASE_WAIT, nextDatabaseWaitMs } from './retry-schedule';

/**
 * One queue's worker: fetch a batch, run each job, record each outcome — every step awaited.
 *
 * Not pg-boss 10's own `work()`: its worker (Manager.watch) calls `complete`/`fail` without
 * awaiting them, so when the database drops or refuses connections as a handler ends (57P01,
 * 57P03, 55000) the rejection is unhandled and ends the process. Here a database that does not
 * answer is waited for: the outcome is recorded once it is back, and a run that failed because
 * the database went away runs again then, without spending one of the job's retries.
 */
export interface QueueWorkerSettings {
  boss: PgBoss;
  /** pg-boss's connection, for the running jobs' heartbeat. */
  db: PgBoss.Db;
  name: string;
  handler: JobHandler<never>;
  options: Required<JobOptions>;
  heartbeatSeconds: number;
  log: FastifyBaseLogger;
}

export interface QueueWorker {
  /** Stops fetching; waits up to `timeoutMs` for the running job, then fails it and the rest of its batch (pg-boss retries them). */
  stop(timeoutMs: number): Promise<void>;
}

type Outcome = { failed: false } | { failed: true; error: unknown };

/**
 * pg-boss 10 has no worker heartbeat: a job whose worker died stays `active` until it expires.
 * So each running job's `started_on` is moved to now every `heartbeatSeconds` while its handler
 * runs, and `failSilentJobs` (jobs.ts) fails the active jobs that stopped reporting (their worker
 * is gone); pg-boss then retries them like any failure.
 */
function keepAlive(db: PgBoss.Db, ids: string[], heartbeatSeconds: number, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    db.executeSql(`update pgboss.job set started_on = now() where id = any($1::uuid[]) and state = 'active'`, [ids]).catch((error: unknown) =>
      log.warn({ err: error }, 'could not report a running job as alive'),
    );
  }, heartbeatSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The handler's promise, or a failure once the job ran longer than it may (the handler is left to finish on its own). */
async function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  const deadline = new AbortController();
  try {
    await Promise.race([
      work,
      sleep(seconds * 1000, undefined, { signal: deadline.signal }).then(() => {
        throw new Error(`it ran longer than its ${seconds} s`);
      }),
    ]);
  } finally {
    deadline.abort();
  }
}

export function startQueueWorker(settings: QueueWorkerSettings): QueueWorker {
  const { boss, name, options, log } = settings;
  const stopped = new AbortController();
  /** The jobs of the batch in hand not yet run to an outcome. */
  const unfinished = new Set<string>();

  /** Sleeps, unless the worker stops first. */
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopped.signal }).catch(() => {});

  async function databaseAnswers(): Promise<boolean> {
    try {
      await settings.db.executeSql('select 1', []);
      return true;
    } catch {
      return false;
    }
  }

  async function untilDatabaseAnswers(): Promise<void> {
    for (let wait: number = DATABASE_WAIT.firstMs; !stopped.signal.aborted && !(await databaseAnswers()); wait = nextDatabaseWaitMs(wait)) await pause(wait);
  }

  async function run(job: PgBoss.Job<object>): Promise<Outcome> {
    for (;;) {
      try {
        await withinSeconds(settings.handler(job.data as never), options.expireInSeconds);
        return { failed: false };
      } catch (error) {
        // Only a database that is really away is waited for: an unreachable SMTP server or
        // payment provider also says ECONNREFUSED, and that failure takes the retry policy.
        if (!isDatabaseUnavailable(error) || stopped.signal.aborted || (await databaseAnswers())) return { failed: true, error };
        log.warn({ err: error, job: name, jobId: job.id }, 'the database went away while a job ran; it runs again once the database answers');
        await untilDatabaseAnswers();
        if (stopped.signal.aborted) return { failed: true, error };
      }
    }
  }

  /** complete or fail, retried while the database does not answer (and the worker runs). */
  async function record(job: PgBoss.Job<object>, outcome: Outcome): Promise<void> {
    if (outcome.failed) log.warn({ err: outcome.error, job: name, jobId: job.id }, 'job failed; it will be retried');
    const message = outcome.failed ? (outcome.error instanceof Error ? outcome.error.message : String(outcome.error)) : '';
    for (let wait: number = DATABASE_WAIT.firstMs; ; wait = nextDatabaseWaitMs(wait)) {
      try {
        await (outcome.failed ? boss.fail(name, job.id, { message }) : boss.complete(name, job.id));
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || stopped.signal.aborted) {
          // Left active: the sweep of abandoned jobs fails it and pg-boss retries it.
          log.error({ err: error, job: name, jobId: job.id }, 'could not record how a job ended; it will be retried');
          return;
        }
        await pause(wait);
      }
    }
  }

  /** Fails the jobs taken but not run to an outcome, so pg-boss retries them. */
  async function failUnfinished(message: string): Promise<void> {
    for (const id of [...unfinished]) {
      unfinished.delete(id);
      await boss.fail(name, id, { message }).catch((error: unknown) => log.warn({ err: error, job: name, jobId: id }, 'could not fail a job left unfinished at stop; the sweep of abandoned jobs will'));
    }
  }

  async function runBatch(batch: PgBoss.Job<object>[]): Promise<void> {
    for (const job of batch) unfinished.add(job.id);
    const stopReporting = keepAlive(settings.db, batch.map((job) => job.id), settings.heartbeatSeconds, log);
    try {
      // One failing job fails alone; the others of the batch complete.
      for (const job of batch) {
        // Failed by a stop whose wait ran out: pg-boss retries it, here or on another instance.
        if (!unfinished.has(job.id)) continue;
        const outcome = await run(job);
        if (unfinished.delete(job.id)) await record(job, outcome);
      }
    } finally {
      stopReporting();
    }
  }

  async function poll(): Promise<void> {
    while (!stopped.signal.aborted) {
      // pg-boss's fetch answers [] when the database does not answer: polling simply goes on.
      const batch = await boss.fetch<object>(name, { batchSize: options.batchSize }).catch((error: unknown) => {
        log.warn({ err: error, job: name }, 'could not fetch jobs');
        return [];
      });
      if (batch.length > 0) await runBatch(batch);
      // A full batch suggests more are waiting: fetch again at once.
      if (batch.length < options.batchSize) await pause(options.pollingIntervalSeconds * 1000);
    }
  }

  const polling = poll();
  return {
    async stop(timeoutMs) {
      stopped.abort();
      const finished = await Promise.race([polling.then(() => true), sleep(timeoutMs, false, { ref: false })]);
      if (!finished) await failUnfinished('the instance stopped while it ran');
    },
  };
}
