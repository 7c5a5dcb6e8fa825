import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pgBossAdapter } from './pg-boss-adapter';

/**
 * Background work: cron schedules and queues on pg-boss, in the application's own database
 * (PostgreSQL, or the embedded PGlite through an adapter; see docs/adr/0003). Safe with N
 * instances: pg-boss hands each job to one worker and fires each cron tick once.
 *
 * Handlers must be idempotent: a job may run again after a crash or a retry.
 */
export type JobHandler<T = Record<string, unknown>> = (data: T) => Promise<void>;

export interface Jobs {
  /** A cron schedule (UTC, minute resolution) and the handler that runs on each tick. */
  schedule(name: string, cron: string, handler: JobHandler): void;
  /** A queue worker. */
  work<T extends object>(name: string, handler: JobHandler<T>): void;
  /**
   * Queue one job. Before `start()` the job is kept and sent at start (tests never start jobs,
   * so a route that nudges a job still works there).
   */
  send(name: string, data?: object): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

interface Definition {
  name: string;
  cron?: string;
  handler: JobHandler<never>;
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often idle workers look for work. */
  pollingIntervalSeconds?: number;
}

const QUEUE_DEFAULTS = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 };

export function createJobs(options: JobsOptions): Jobs {
  const definitions = new Map<string, Definition>();
  const pending: Array<{ name: string; data: object }> = [];
  const knownQueues = new Set<string>();
  let boss: PgBoss | null = null;

  function define(definition: Definition): void {
    if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
    if (boss) throw new Error(`Job ${definition.name} defined after jobs started`);
    definitions.set(definition.name, definition);
  }

  async function ensureQueue(instance: PgBoss, name: string): Promise<void> {
    if (knownQueues.has(name)) return;
    if (!(await instance.getQueue(name))) {
      // Another instance may create it at the same moment: a duplicate is fine.
      await instance.createQueue(name, { name, ...QUEUE_DEFAULTS }).catch(async (error: unknown) => {
        if (!(await instance.getQueue(name))) throw error;
      });
    }
    knownQueues.add(name);
  }

  async function send(name: string, data: object = {}): Promise<void> {
    if (!boss) {
      pending.push({ name, data });
      return;
    }
    await ensureQueue(boss, name);
    await boss.send(name, data);
  }

  return {
    get started() {
      return boss !== null;
    },
    schedule(name, cron, handler) {
      define({ name, cron, handler });
    },
    work(name, handler) {
      define({ name, handler: handler as JobHandler<never> });
    },
    send,
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: pgBossAdapter(options.database),
        // pg-boss's own maintenance (archiving, expiry) and cron clock, shared by instances.
        supervise: true,
        schedule: true,
        migrate: true,
      });
      instance.on('error', (error) => options.log.error({ err: error }, 'job system error'));
      await instance.start();
      for (const definition of definitions.values()) {
        await ensureQueue(instance, definition.name);
        await instance.work(definition.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async (batch) => {
          for (const job of batch) await definition.handler(job.data as never);
        });
        if (definition.cron) await instance.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
      boss = instance;
      for (const job of pending.splice(0)) await send(job.name, job.data);
      options.log.info({ jobs: [...definitions.keys()] }, 'jobs started');
    },
    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = null;
      knownQueues.clear();
      // Graceful: running handlers finish before the database closes.
      await instance.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
