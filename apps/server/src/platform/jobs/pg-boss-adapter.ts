import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { asSystem } from '../tenancy/airport-context';

type QueryResult = { rows: unknown[] };

/**
 * pg-boss runs its SQL through this adapter instead of opening its own connections.
 *
 * - PostgreSQL: the application's pool (`Database.query`), which is what pg-boss's own
 *   adapter does with a pool of its own.
 * - PGlite: one in-process connection. pg-boss sends multi-statement scripts without
 *   parameters (its schema migration, `BEGIN; ...; COMMIT`), which the extended protocol behind
 *   `query` refuses, so those go through `exec` (simple protocol) and return the last result.
 *   PGlite serialises every query and transaction, so pg-boss's scripts stay atomic.
 *
 * The queue tables are the platform's own, outside any airport: pg-boss's SQL runs as `system`
 * (the owner role), whichever request or job sends a job. The job's airport travels in its data.
 */
export function pgBossAdapter(database: Database): PgBoss.Db {
  if (database.kind === 'pglite') {
    const client = pgliteClient(database);
    return {
      executeSql: (text: string, values?: unknown[]): Promise<QueryResult> =>
        asSystem(async () => {
          if (!values || values.length === 0) {
            const results = await client.exec(text);
            return results[results.length - 1] ?? { rows: [] };
          }
          return client.query(text, values);
        }),
    };
  }
  return { executeSql: (text: string, values?: unknown[]) => database.platformQuery(text, values) };
}

/** Drizzle keeps its driver client as `$client`; the PGlite instance behind `Database`. */
function pgliteClient(database: Database): Pick<PGlite, 'exec' | 'query'> {
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (!client || typeof client.exec !== 'function') throw new Error('The embedded database client is not available to the job system');
  return client;
}
