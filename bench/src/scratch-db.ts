import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/db.bench-support';
import { FIRST_AIRPORT_SCOPE } from '../../apps/server/src/platform/tenancy/tenancy.bench-support';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A database that exists only for one scenario: a fresh PGlite data dir, or a scratch database
 * created on the given PostgreSQL server (and dropped afterwards). Its connections work at the
 * first airport when no `withAirport` names one (row-level security, issue 22), as tests do.
 */
export interface ScratchDb {
  kind: 'pglite' | 'postgres';
  /** What the server processes get: DATA_DIR for PGlite, DATABASE_URL for PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createScratchDb(name: string, serverUrl: string | undefined): Promise<ScratchDb> {
  const stamp = `${name.replace(/[^a-z0-9]/gi, '_')}_${Date.now()}`;
  const dataDir = path.join(BENCH_DIR, '.data', stamp);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!serverUrl) {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => openPglite({ dataDir, unscoped: FIRST_AIRPORT_SCOPE }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `apron_bench_${stamp}`.toLowerCase();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    kind: 'postgres',
    // DATA_DIR still holds local files (uploads) of the app under test.
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), 10, FIRST_AIRPORT_SCOPE),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${database} with (force)`);
      } finally {
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
