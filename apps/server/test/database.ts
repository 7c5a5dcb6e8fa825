import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { FIRST_AIRPORT_ID } from '../src/platform/tenancy/airports.table';

/** Test code outside a request or job works at the first airport (db/airport-scoped-clients.ts). */
const UNSCOPED = { airportId: FIRST_AIRPORT_ID, system: false };

/** A fresh, migrated database for one test file: a clone of the run's template. */
export async function createTestDatabase(): Promise<Database> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const url = process.env.DATABASE_URL!;
    const name = `apron_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    // A test database is thrown away at the end of its file: a commit need not wait for its WAL to
    // reach the disk (crash safety is PostgreSQL's, not what these tests check). Locks, isolation
    // and visibility are unchanged, so the race tests prove the same.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = await openPostgres(fileUrl.toString(), 5, UNSCOPED);
    return {
      ...database,
      close: async () => {
        await database.close();
        // pg-pool's end() resolves before its backends have exited; a forced drop would then
        // kill them mid-goodbye and surface as an unhandled FATAL 57P01. Wait for them first.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const template = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([template]), unscoped: UNSCOPED });
}
