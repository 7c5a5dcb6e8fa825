import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pgBossAdapter } from './pg-boss-adapter';
import { startQueueWorker, type QueueWorker } from './queue-worker';
import { JOB_RETRY } from './retry-schedule';
import { asDeployment, perAirport, stampAirport } from './airport-jobs';

/**
 * Background work: cron schedules and queues on pg-boss, in the application's own database
 * (PostgreSQL, or the embedded PGlite through an adapter; see docs/adr/0003). Safe with N
 * instances: pg-boss hands each job to one worker and fires each cron tick once.
 *
 * Handlers must be idempotent: a job may run again after a crash or a retry.
 */
export type JobHandler<T = Record<string, unknown>> = (data: T) => Promise<void>;

/**
 * How a job runs. `expireInSeconds` is the longest a run may take (the worker stops waiting for
 * the handler then, and the job is retried): fit it to the job's real length. A worker that dies (crash,
 * kill, lost host) is noticed much sooner: live runs report in every `heartbeatSeconds`, and a
 * run silent for four reports is failed, so it is retried within about a minute.
 */
export interface JobOptions {
  expireInSeconds?: number;
  /** Seconds before a failed job is tried again (doubled on each retry). */
  retryDelaySeconds?: number;
  retryLimit?: number;
  /** Jobs fetched per poll; the handler still gets them one at a time. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  /**
   * 'airport' (default): the handler runs for the airport the job was sent from, or once per
   * airport (airport-jobs.ts). 'deployment': once, as the platform (its own tables, maintenance).
   */
  scope?: 'airport' | 'deployment';
}

export interface Jobs {
  /** A cron schedule (UTC, minute resolution) and the handler that runs on each tick. */
  schedule(name: string, cron: string, handler: JobHandler, options?: JobOptions): void;
  /** A queue worker. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  /**
   * Queue one job. Before `start()` the job is kept and sent at start (tests never start jobs,
   * so a route that nudges a job still works there). `singletonKey`: at most one job with that
   * key is waiting or running (a repeated request queues nothing more).
   */
  send(name: string, data?: object, options?: { singletonKey?: string }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

interface Definition {
  name: string;
  cron?: string;
  handler: JobHandler<never>;
  options: Required<JobOptions>;
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often idle workers look for work (default per job, 2 s). */
  pollingIntervalSeconds?: number;
  /** How often a running job reports that its worker lives (default 10 s; silent for 4 -> failed and retried). */
  heartbeatSeconds?: number;
}

/**
 * pg-boss's cron clock hands each due tick to this internal queue, whose worker inserts the real
 * job. It runs on our awaited worker like every other queue (see `handCronTicksToOurWorker`).
 */
const CRON_TICK_QUEUE = '__pgboss__send-it';
/** How long a stop waits for running handlers. */
const STOP_TIMEOUT_MS = 10_000;
const SINGLETON_SECONDS = 6 * 60 * 60;
const JOB_DEFAULTS: Required<JobOptions> = { expireInSeconds: 15 * 60, retryDelaySeconds: JOB_RETRY.delaySeconds, retryLimit: JOB_RETRY.limit, batchSize: 1, pollingIntervalSeconds: 2, scope: 'airport' };

function queueOptions(options: Required<JobOptions>) {
  return { retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true, expireInSeconds: options.expireInSeconds };
}

/** Fails the active jobs whose worker stopped reporting (queue-worker.ts keeps live runs reporting). */
async function failSilentJobs(instance: PgBoss, db: PgBoss.Db, names: string[], heartbeatSeconds: number, log: FastifyBaseLogger): Promise<void> {
  const { rows } = (await db.executeSql(
    `select name, id from pgboss.job where state = 'active' and name = any($1::text[]) and started_on < now() - make_interval(secs => $2::double precision)`,
    [names, heartbeatSeconds * 4],
  )) as { rows: Array<{ name: string; id: string }> };
  for (const job of rows) {
    log.warn({ job: job.name, jobId: job.id }, 'job left running by a worker that stopped; failing it so it is retried');
    await instance.fail(job.name, job.id, { message: 'its worker stopped reporting (crash or restart)' });
  }
}

export function createJobs(settings: JobsOptions): Jobs {
  const definitions = new Map<string, Definition>();
  const pending: Array<{ name: string; data: object; options: { singletonKey?: string } }> = [];
  const knownQueues = new Set<string>();
  let boss: PgBoss | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  const workers: QueueWorker[] = [];
  const heartbeatSeconds = settings.heartbeatSeconds ?? 10;

  const withDefaults = (jobOptions: JobOptions = {}): Required<JobOptions> => ({
    ...JOB_DEFAULTS,
    ...(settings.pollingIntervalSeconds ? { pollingIntervalSeconds: settings.pollingIntervalSeconds } : {}),
    ...jobOptions,
  });

  function define(definition: Definition): void {
    if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
    if (boss) throw new Error(`Job ${definition.name} defined after jobs started`);
    const handler = definition.options.scope === 'deployment' ? asDeployment(definition.handler) : perAirport(settings.database, definition.handler);
    definitions.set(definition.name, { ...definition, handler });
  }

  /** Creates the queue, or brings an existing one (made by an older version) to these options. */
  async function createOrUpdateQueue(instance: PgBoss, name: string): Promise<void> {
    const wanted = { name, ...queueOptions(definitions.get(name)?.options ?? JOB_DEFAULTS) };
    const existing = await instance.getQueue(name);
    if (!existing) {
      // An instance of an older version may create it at the same moment: a duplicate is fine.
      await instance.createQueue(name, wanted).catch(async (error: unknown) => {
        if (!(await instance.getQueue(name))) throw error;
      });
    } else if (existing.expireInSeconds !== wanted.expireInSeconds || existing.retryLimit !== wanted.retryLimit || existing.retryDelay !== wanted.retryDelay) {
      await instance.updateQueue(name, wanted);
    }
    knownQueues.add(name);
  }

  /**
   * A queue first used after start. Under the start-up lock, as at start: pg-boss's create_queue
   * attaches a partition to its job table, and two instances creating queues at once deadlock
   * (40P01) — one of two instances started together on an empty database used to exit so.
   */
  async function ensureQueue(instance: PgBoss, name: string): Promise<void> {
    if (knownQueues.has(name)) return;
    await settings.database.exclusive(() => createOrUpdateQueue(instance, name));
  }

  async function send(name: string, unstamped: object = {}, options: { singletonKey?: string } = {}): Promise<void> {
    // The job runs for the airport it is sent from (airport-jobs.ts).
    const { data, ...sendOptions } = stampAirport(unstamped, options.singletonKey);
    if (!boss) {
      // Before start: one pending job per singleton key, as the queue would keep it.
      if (sendOptions.singletonKey && pending.some((job) => job.name === name && job.options.singletonKey === sendOptions.singletonKey)) return;
      pending.push({ name, data, options: sendOptions });
      return;
    }
    await ensureQueue(boss, name);
    // A singleton key holds for hours: far longer than a job waits or retries (pg-boss allows up to its 12 h archive interval).
    await boss.send(name, data, sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey, singletonSeconds: SINGLETON_SECONDS } : {});
  }

  /**
   * pg-boss starts its own worker on the cron clock's queue, and that worker records outcomes
   * without awaiting them (see queue-worker.ts): stop it, and let ours insert each due tick's job.
   * Were a pg-boss upgrade to rename the queue, its own worker would simply go on doing it.
   */
  async function handCronTicksToOurWorker(instance: PgBoss, db: PgBoss.Db): Promise<void> {
    await instance.offWork(CRON_TICK_QUEUE);
    const insertTick = async (tick: PgBoss.JobInsert) => instance.insert([tick]);
    workers.push(startQueueWorker({ boss: instance, db, name: CRON_TICK_QUEUE, handler: insertTick as JobHandler<never>, options: withDefaults({ batchSize: 50, expireInSeconds: 60 }), heartbeatSeconds, log: settings.log }));
  }

  return {
    get started() {
      return boss !== null;
    },
    schedule(name, cron, handler, jobOptions) {
      define({ name, cron, handler, options: withDefaults(jobOptions) });
    },
    work(name, handler, jobOptions) {
      define({ name, handler: handler as JobHandler<never>, options: withDefaults(jobOptions) });
    },
    send,
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: pgBossAdapter(settings.database),
        // pg-boss's own maintenance (expiry, archiving) and cron clock, shared by instances.
        supervise: true,
        schedule: true,
        migrate: true,
      });
      // A database outage surfaces here (polling, maintenance, cron): logged, never a crash;
      // pg-boss keeps polling and resumes when the database is back.
      instance.on('error', (error) => settings.log.error({ err: error }, 'job system error'));
      // pg-boss's schema, its queues and schedules are installed under the lock of migrations and
      // seeds: instances starting together on an empty database take turns instead of deadlocking.
      await settings.database.exclusive(async () => {
        await instance.start();
        for (const definition of definitions.values()) {
          await createOrUpdateQueue(instance, definition.name);
          if (definition.cron) await instance.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        }
      });
      const db = pgBossAdapter(settings.database);
      for (const definition of definitions.values()) {
        workers.push(startQueueWorker({ boss: instance, db, name: definition.name, handler: definition.handler, options: definition.options, heartbeatSeconds, log: settings.log }));
      }
      await handCronTicksToOurWorker(instance, db);
      // A restarted instance picks up at once what a dead worker left running, then keeps looking.
      const names = [...definitions.keys(), CRON_TICK_QUEUE];
      const sweep = () => failSilentJobs(instance, db, names, heartbeatSeconds, settings.log);
      await sweep();
      sweeper = setInterval(() => void sweep().catch((error: unknown) => settings.log.warn({ err: error }, 'could not look for abandoned jobs')), heartbeatSeconds * 2000);
      sweeper.unref();
      boss = instance;
      for (const job of pending.splice(0)) await send(job.name, job.data, job.options);
      settings.log.info({ jobs: [...definitions.keys()] }, 'jobs started');
    },
    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = null;
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      knownQueues.clear();
      // Graceful: running handlers finish before the database closes.
      await Promise.all(workers.splice(0).map((worker) => worker.stop(STOP_TIMEOUT_MS)));
      await instance.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
