import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';

/**
 * Drizzle's migrator applies the journal's migrations whose `when` is later than the last one the
 * database ran: a migration numbered after another but stamped earlier (two branches' migrations
 * renumbered at a merge) would be skipped on an upgrade that stops between them.
 */
describe('the migrations journal', () => {
  it('numbers its migrations in order, each stamped later than the one before, each with its SQL file', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; when: number; tag: string }>;
    };
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0') + '_'), entry.tag).toBe(true);
      expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`)), entry.tag).toBe(true);
      if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });
});
