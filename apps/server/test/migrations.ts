import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../src/db/client';

/**
 * A copy of the migrations folder as it was before migration `tag` (the journal cut there), for a
 * test that migrates a database up to it, writes rows the old way, then runs the rest. The caller
 * removes the folder when done.
 */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag));
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
