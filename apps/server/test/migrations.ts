import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../src/db/client';

/**
 * The migrations whose backfill a test checks on rows written the old way: the run keeps an
 * embedded database migrated up to just before each (test/global-setup.ts), and the test starts
 * from a copy of it (test/database.ts, `pgliteMigratedBefore`) instead of migrating from 0000.
 */
export const MIGRATION_SNAPSHOTS = ['0033_one_card_attempts', '0034_airports', '0037_airport_counters', '0044_account_companies'] as const;

export type MigrationSnapshot = (typeof MIGRATION_SNAPSHOTS)[number];

/**
 * A copy of the migrations folder as it was before migration `tag` (the journal cut there), for
 * migrating a database up to it. The caller removes the folder when done.
 */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, end);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * Migrate an empty embedded database step by step: up to just before each snapshot's migration
 * (in journal order), handing `keep` a dump of it there, then through the last migration.
 */
export async function migrateThroughSnapshots(client: PGlite, keep: (tag: MigrationSnapshot, dump: Blob) => Promise<void>): Promise<void> {
  const db = drizzle({ client });
  for (const tag of MIGRATION_SNAPSHOTS) {
    const folder = migrationsBefore(tag);
    try {
      await migrate(db, { migrationsFolder: folder });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    await keep(tag, await client.dumpDataDir('none'));
  }
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
