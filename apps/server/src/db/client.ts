import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { DB_CASING } from './casing';
import { AirportScopedPool, airportScopedPglite, type Unscoped } from './airport-scoped-clients';
import { asSystem } from '../platform/tenancy/airport-context';
import { runsOnConnection } from './connections';

export type Schema = typeof schema;
/** One database interface over both drivers (PGlite embedded, node-postgres for a server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss and health checks. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Raw SQL as the platform (the connecting role, outside the airports' policies) on connections
   * of its own: the job system's polling never takes, nor re-scopes, the app's connections.
   */
  platformQuery(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Apply the committed migrations (on PostgreSQL under the start-up lock). */
  migrate(): Promise<void>;
  /**
   * Run start-up work (seeds that check, then insert; the job system's schema and queues) while
   * holding the same lock as the migrations, so instances starting together take turns instead of
   * racing (PostgreSQL: a session advisory lock on one connection, not re-entrant: work inside
   * must not call `exclusive` again; PGlite: one process, nothing to take turns with).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * `db.transaction(work)`, for a path that runs hundreds of times a second (pay from balance).
   * On PostgreSQL the transaction runs through its connection's own Drizzle handle, kept for the
   * life of the connection, so the statements `preparedStatement` makes are composed and rendered
   * once per connection instead of on every call (db/connections.ts). Same BEGIN/COMMIT/ROLLBACK
   * and release as `db.transaction`.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The connections of each pool, for the metrics (platform/observability): `app` serves requests,
   * `platform` the job system and start-up lock. PGlite is one in-process connection that
   * serialises every query: one pool of one connection, never anyone waiting for it.
   */
  poolStats(): PoolStats[];
  /** PGlite only: a tarball of the data directory (test templates, backups: gzipped). */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'app' | 'platform';
  /** The most connections the pool opens. */
  max: number;
  /** Connections open now (idle or in use). */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  /** Connections set to another airport scope (role and airport) since start. */
  scopeChanges: number;
}

/** Connections of the platform's own pool (the job system, the start-up lock). */
const PLATFORM_POOL_SIZE = 3;

/** The advisory lock id of migrations, start-up seeds and the job system's set-up. */
const STARTUP_LOCK = 728172;

export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

/** Open an embedded PGlite (in `dataDir`, or in memory, or from a dump) behind the interface. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; unscoped?: Unscoped }): Promise<Database> {
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    // Every statement runs in the scope of the code that sends it (airport-scoped-clients.ts).
    const scopedClient = airportScopedPglite(client, options.unscoped);
    const scoped = scopedClient as unknown as PGlite;
    const db = drizzlePglite({ client: scoped, schema, casing: DB_CASING }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      query: async (text, values) => scoped.query<Record<string, unknown>>(text, values as unknown[]),
      platformQuery: (text, values) => asSystem(() => scoped.query<Record<string, unknown>>(text, values as unknown[])),
      // PGlite is single-process; the data-dir lock already keeps a second process out.
      migrate: () => asSystem(() => migratePglite(drizzlePglite({ client: scoped }), { migrationsFolder: MIGRATIONS_FOLDER })),
      exclusive: (work) => work(),
      poolStats: () => [{ pool: 'app', max: 1, total: 1, idle: 1, waiting: 0, scopeChanges: scopedClient.scopeChanges() }],
      // One client: nothing to keep per connection.
      transaction: (work) => db.transaction(work),
      dump: (compression = 'none') => client.dumpDataDir(compression),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function statsOf(name: PoolStats['pool'], pool: pg.Pool, max: number): PoolStats {
  const scopeChanges = pool instanceof AirportScopedPool ? pool.scopeChanges : 0;
  return { pool: name, max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, scopeChanges };
}

export async function openPostgres(url: string, poolSize = 10, unscoped: Unscoped = undefined): Promise<Database> {
  // A request waits at most this long for a connection when the database is unreachable (503).
  // Every connection runs in the scope of the code that takes it (airport-scoped-clients.ts).
  const pool = new AirportScopedPool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 }, unscoped);
  // A connection dropped by the server (restart, failover, admin kill) must not crash the
  // process. The pool listens on idle connections only; a connection checked out by a
  // transaction emits its `error` to whoever holds it, and with no listener Node exits. So every
  // connection gets its own listener; the query in flight fails (503), and the pool discards the
  // broken connection when it is released, so the next query opens a new one.
  const warn = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  // The platform's own few connections (the job system): the connecting role, no airport.
  const platformPool = new pg.Pool({ connectionString: url, max: PLATFORM_POOL_SIZE, connectionTimeoutMillis: 5_000 });
  platformPool.on('error', warn);
  platformPool.on('connect', (client) => client.on('error', warn));
  /** N instances starting together take turns: the advisory lock is held on one connection. */
  async function exclusive<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
    // The lock's own connection is the platform's, not a caller's.
    const connection = await platformPool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work(connection);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
      connection.release();
    }
  }
  // Dates stay ISO strings in and out: `date` columns are calendar dates, not instants.
  const db = drizzlePg({ client: pool, schema, casing: DB_CASING }) as unknown as Db;
  // A Drizzle handle per pooled connection, made on its first transaction; it goes with the
  // connection when the pool closes it. Drizzle runs a transaction on a handle over one client
  // (not a pool) on that client itself, exactly as it does on the client it takes from the pool.
  // Without `schema`: Drizzle would otherwise build the relational query API (`tx.query.<table>`,
  // which the server does not use) for every table on every transaction, ~30 µs each.
  const handles = new WeakMap<pg.PoolClient, Db>();
  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const connection = await pool.connect();
    try {
      let handle = handles.get(connection);
      if (!handle) {
        handle = drizzlePg({ client: connection, casing: DB_CASING }) as unknown as Db;
        handles.set(connection, handle);
      }
      const onConnection = handle;
      return await onConnection.transaction(async (tx) => {
        runsOnConnection(tx, onConnection);
        return work(tx);
      });
    } finally {
      connection.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    query: async (text, values) => pool.query(text, values as unknown[]),
    platformQuery: async (text, values) => platformPool.query(text, values as unknown[]),
    migrate: () => asSystem(() => exclusive((connection) => migratePg(drizzlePg({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER }))),
    exclusive: (work) => exclusive(() => work()),
    poolStats: () => [statsOf('app', pool, poolSize), statsOf('platform', platformPool, PLATFORM_POOL_SIZE)],
    transaction,
    close: async () => {
      await Promise.all([pool.end(), platformPool.end()]);
    },
  };
}

