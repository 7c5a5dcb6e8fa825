import { lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { rateLimitCounters } from './rate-limit.table';

/**
 * A `@fastify/rate-limit` store that keeps its counters in the database, so N instances share one
 * limit (an in-memory store lets N instances allow N times the limit). One atomic upsert per
 * counted request: a live window counts up, an expired one starts again at 1.
 */
interface RateLimitResult {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: RateLimitResult) => void;

/** What the plugin hands `child`: the route's rate-limit options with `routeInfo` (its route). */
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

const INCREMENT = `
  insert into rate_limit_counters as c (key, hits, reset_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
    reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
  returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms`;

export function createPostgresRateLimitStore(database: Pick<Database, 'query'>) {
  /** `scope` keeps each route's counters apart (the plugin asks for a child store per route). */
  class PostgresRateLimitStore {
    private readonly scope: string;

    /** The plugin constructs the root store with its options; children get their route's scope. */
    constructor(scope: unknown = 'global') {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    // The plugin passes the route's window (ms) as the third argument; its typings omit it.
    incr(key: string, callback: Callback, timeWindowMs = 60_000): void {
      database
        .query(INCREMENT, [`${this.scope}|${key}`, timeWindowMs])
        .then(({ rows }) => callback(null, { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.ttl_ms) }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: object): PostgresRateLimitStore {
      const { routeInfo } = routeOptions as RouteInfo;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(`${method} ${routeInfo?.url ?? ''}`);
    }
  }
  return PostgresRateLimitStore;
}

/** The nightly clean-up: counters whose window has passed. */
export async function deleteExpiredRateLimits(db: DbOrTx): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now()`));
}
