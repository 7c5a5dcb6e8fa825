import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';

/**
 * The metrics of one app, in a registry of its own (no module-level state: two apps in one
 * process, as the tests build them, never count into each other). The database figures are read
 * when Prometheus scrapes, with a few cheap indexed queries, so nothing runs between scrapes.
 */
export interface AppMetrics {
  registry: Registry;
  /** Time of one HTTP request, by method, route pattern and status. */
  observeRequest(labels: { method: string; route: string; status: string }, seconds: number): void;
}

/** Request duration buckets (seconds): from a cached GET to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createAppMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  // Process figures (CPU, memory, event-loop lag, GC) under the usual process_/nodejs_ names.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'apron_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern (never the raw URL) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'apron_db_pool_connections',
    help: 'Database connections by pool (app, platform) and state (total, idle, in_use, waiting = callers waiting for one).',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const stats of database.poolStats()) {
        this.set({ pool: stats.pool, state: 'total' }, stats.total);
        this.set({ pool: stats.pool, state: 'idle' }, stats.idle);
        this.set({ pool: stats.pool, state: 'in_use' }, stats.total - stats.idle);
        this.set({ pool: stats.pool, state: 'waiting' }, stats.waiting);
      }
    },
  });
  new Gauge({
    name: 'apron_db_pool_max_connections',
    help: 'The most connections each pool opens.',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const stats of database.poolStats()) this.set({ pool: stats.pool }, stats.max);
    },
  });

  new Counter({
    name: 'apron_db_scope_changes_total',
    help: 'Times a connection was set to another airport scope (role and airport) before serving: about one per connection with one airport; near the request rate means connections are shuttled between scopes.',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const stats of database.poolStats()) this.inc({ pool: stats.pool }, stats.scopeChanges);
    },
  });

  new Gauge({
    name: 'apron_jobs',
    help: 'Jobs of the job queue (pg-boss) by queue and state: waiting (created or retry), active, failed (until archived).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCounts(database)) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });

  new Gauge({
    name: 'apron_mail_outbox_backlog',
    help: 'E-mails of the outbox not yet sent (queued or being sent), all airports.',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog(database)).count);
    },
  });
  new Gauge({
    name: 'apron_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when the outbox is empty.',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog(database)).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'apron_events_pending',
    help: 'Domain events published and not yet dispatched to their handlers.',
    registers: [registry],
    async collect() {
      this.set((await pendingEvents(database)).count);
    },
  });
  new Gauge({
    name: 'apron_events_dispatch_lag_seconds',
    help: 'Age of the oldest domain event not yet dispatched; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.set((await pendingEvents(database)).oldestAgeSeconds);
    },
  });

  return {
    registry,
    observeRequest: (labels, seconds) => requestDuration.observe({ method: labels.method, route: labels.route, status_code: labels.status }, seconds),
  };
}

interface Backlog {
  count: number;
  oldestAgeSeconds: number;
}

function backlogOf(row: Record<string, unknown> | undefined): Backlog {
  return { count: Number(row?.count ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest_age ?? 0)) };
}

/**
 * Per airport through the outbox's (airport_id, status, created_at) index: a count of the unsent
 * rows and the first one's time, without reading the sent history. On the platform's connections
 * (the connecting role): the figure is the deployment's, across airports.
 */
async function outboxBacklog(database: Database): Promise<Backlog> {
  const { rows } = await database.platformQuery(`
    select coalesce(sum(o.count), 0)::int as count,
           coalesce(extract(epoch from now() - min(o.oldest)), 0)::float8 as oldest_age
    from airports a
    cross join lateral (
      select count(*) as count, min(created_at) as oldest
      from mail_outbox m
      where m.airport_id = a.id and m.status in ('queued', 'sending')
    ) o`);
  return backlogOf(rows[0]);
}

/** Undispatched events through the partial index `domain_events_due_idx` (processed_at is null). */
async function pendingEvents(database: Database): Promise<Backlog> {
  const { rows } = await database.platformQuery(`
    select count(*)::int as count, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_age
    from domain_events where processed_at is null`);
  return backlogOf(rows[0]);
}

/**
 * The live jobs by queue and state. pg-boss keeps its job table small (finished jobs move to its
 * archive), so this reads little. Before the job system has installed its schema (tests, a first
 * start) there are none: no rows, not an error.
 */
async function jobCounts(database: Database): Promise<Array<{ queue: string; state: string; count: number }>> {
  const { rows: installed } = await database.platformQuery(`select to_regclass('pgboss.job') is not null as installed`);
  if (!installed[0]?.installed) return [];
  const { rows } = await database.platformQuery(
    `select name as queue, case when state in ('created', 'retry') then 'waiting' else state::text end as state, count(*)::int as count
     from pgboss.job
     where state in ('created', 'retry', 'active', 'failed')
     group by 1, 2`,
  );
  return rows.map((row) => ({ queue: String(row.queue), state: String(row.state), count: Number(row.count) }));
}
