import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { currentAirportScope, type AirportScope } from '../platform/tenancy/airport-context';

/**
 * The database drivers, wrapped so that every connection runs as the scope of the code using it
 * (platform/tenancy/airport-context.ts; docs/adr/0007-airports.md):
 *
 * - work for an airport runs as `apron_app` (not the tables' owner, never BYPASSRLS) with
 *   `apron.airport_id` set to that airport: the policies show and accept that airport's rows only;
 * - work with no airport named runs as `apron_app` with no airport: no business row at all;
 * - `system` work (migrations, pg-boss's own tables) runs as the connecting role.
 *
 * Both settings are session settings made when a connection is taken for the work, and made again
 * only when the scope differs from the one the connection last served (a deployment with one airport
 * pays one statement per new connection). A transaction takes its connection once, so everything in
 * it runs in the scope it started in. Work on the deployment's own tables only (the session lookup,
 * `onDeploymentTables`) takes any app-role connection as it is.
 */
const APP_ROLE = 'apron_app';

const SET_SCOPE = `select set_config('role', $1, false), set_config('apron.airport_id', $2, false)`;

/**
 * What a connection does for code running outside any scope. Production: nothing (`undefined`:
 * the app role, no airport, no business row). The test suites pass the first airport, so a test
 * that seeds rows directly works at the airport its signed-in callers work at.
 */
export type Unscoped = AirportScope | undefined;

interface WantedScope {
  key: string;
  params: [string, string];
  /** Deployment tables only: a connection already serving the app role at any airport will do. */
  anyAirport: boolean;
}

function scopeOf(scope: AirportScope | undefined): WantedScope {
  if (scope?.system) return { key: 'system', params: ['none', ''], anyAirport: false };
  const airportId = scope?.airportId ?? '';
  return { key: `airport:${airportId}`, params: [APP_ROLE, airportId], anyAirport: scope?.deploymentTablesOnly === true };
}

/** Whether a connection that last served `served` may run `wanted` as it is. */
const serves = (served: string | undefined, wanted: WantedScope) => served === wanted.key || (wanted.anyAirport && served?.startsWith('airport:') === true);

/**
 * node-postgres: the pool's `connect` (transactions) and `query` (single statements) set the scope
 * on the connection they hand out. Drizzle sees a `pg.Pool` (it checks `instanceof Pool`).
 */
export class AirportScopedPool extends pg.Pool {
  /** The scope each open connection last served (the connection's session settings). */
  private readonly servedScope = new WeakMap<pg.PoolClient, string>();
  /** Connections set to another scope so far (the `apron_db_scope_changes_total` metric). */
  scopeChanges = 0;

  constructor(
    config: pg.PoolConfig,
    private readonly unscoped: Unscoped = undefined,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (callback) {
      this.connectInScope().then(
        (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
        (error: Error) => callback(error, undefined, () => {}),
      );
      return;
    }
    return this.connectInScope();
  }

  private async connectInScope(): Promise<pg.PoolClient> {
    const wanted = scopeOf(currentAirportScope() ?? this.unscoped);
    const client = await super.connect();
    if (serves(this.servedScope.get(client), wanted)) return client;
    try {
      await client.query(SET_SCOPE, wanted.params);
    } catch (error) {
      // A connection whose scope is unknown must not serve anyone: discard it.
      client.release(error as Error);
      throw error;
    }
    this.servedScope.set(client, wanted.key);
    this.scopeChanges++;
    return client;
  }

  // pg's own `Pool.query` takes its connection through a callback-style `connect`; every form
  // goes through the scoped checkout above.
  override query(...args: unknown[]): never {
    const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (err: Error | null, result?: unknown) => void) : null;
    const run = (async () => {
      const client = await this.connectInScope();
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        // A broken connection is dropped (pg: release with the error); a failed statement is not.
        client.release(isConnectionError(error) ? (error as Error) : undefined);
        throw error;
      }
    })();
    if (!callback) return run as never;
    run.then((result) => callback(null, result), (error: Error) => callback(error));
    return undefined as never;
  }
}

/** A failure of the connection itself rather than of the statement (no SQLSTATE from the server). */
function isConnectionError(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

/** The part of PGlite Drizzle and pg-boss use. */
export interface PgliteLike {
  query: PGlite['query'];
  exec: PGlite['exec'];
  transaction: PGlite['transaction'];
  /** Times the connection was set to another scope so far. */
  scopeChanges(): number;
}

/**
 * PGlite: one connection for the whole process, so the scope can only be changed between two
 * pieces of work. Every query, script and transaction waits its turn in one queue (PGlite queues
 * them the same way underneath), and the scope is set before each one that needs another.
 */
export function airportScopedPglite(client: PGlite, unscoped: Unscoped = undefined): PgliteLike {
  let served = 'system'; // The connection starts as its owner (superuser), no airport.
  let changes = 0;
  let tail: Promise<unknown> = Promise.resolve();

  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const wanted = scopeOf(currentAirportScope() ?? unscoped);
    const run = tail.then(async () => {
      if (!serves(served, wanted)) {
        await client.query(SET_SCOPE, wanted.params);
        served = wanted.key;
        changes++;
      }
      return work();
    });
    tail = run.catch(() => undefined);
    return run;
  }

  return {
    query: ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
      inTurn(() => client.query(text, params, options))) as PGlite['query'],
    exec: ((text: string, options?: Parameters<PGlite['exec']>[1]) => inTurn(() => client.exec(text, options))) as PGlite['exec'],
    transaction: (<T>(callback: (tx: Transaction) => Promise<T>) => inTurn(() => client.transaction(callback))) as PGlite['transaction'],
    scopeChanges: () => changes,
  };
}
