import fs from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client';

/** A load balancer's probe gives up after a few seconds: answer before it does. */
export const READY_TIMEOUT_MS = 2_000;

export type CheckStatus = 'ok' | 'down' | 'pending' | 'unknown';

export interface Readiness {
  ready: boolean;
  checks: {
    /** `select 1` answered within READY_TIMEOUT_MS. */
    database: CheckStatus;
    /** Every migration of the journal is applied ('pending': some are not; 'unknown': the database did not say). */
    migrations: CheckStatus;
  };
}

class TimedOut extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  // The query may still finish later; nobody waits for it, and its failure is not unhandled.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration of the committed journal (drizzle's `when`, ms since the epoch). */
async function newestMigrationOfJournal(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Is this instance fit to take traffic? The database answers, and its schema is the one this code
 * was built for. Drizzle applies a migration when its journal time is newer than the newest one
 * applied, so the database is up to date when its newest applied migration is at least the
 * journal's newest (an instance started before the migrations ran, or against a database another
 * version migrated back, is not ready).
 */
export function createReadinessCheck(database: Database): () => Promise<Readiness> {
  // The journal ships with the code: read once per app.
  let journalNewest: Promise<number> | null = null;

  return async () => {
    const reachable = await withTimeout(database.query('select 1'), READY_TIMEOUT_MS).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    if (reachable === 'down') return { ready: false, checks: { database: 'down', migrations: 'unknown' } };
    journalNewest ??= newestMigrationOfJournal();
    const expected = await journalNewest;
    const migrations = await withTimeout(
      database.platformQuery('select coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations'),
      READY_TIMEOUT_MS,
    ).then(
      ({ rows }) => (Number(rows[0]?.newest ?? 0) >= expected ? ('ok' as const) : ('pending' as const)),
      (error: unknown) => (error instanceof TimedOut ? ('unknown' as const) : ('pending' as const)),
    );
    return { ready: migrations === 'ok', checks: { database: 'ok', migrations } };
  };
}
