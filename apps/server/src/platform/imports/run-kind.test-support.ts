import { randomUUID } from 'node:crypto';
import type { ImportIssue } from '@apron/core';
import type { TestApp } from '../../../test/helpers';
import { FIRST_AIRPORT_ID, withAirport } from '../tenancy/index';
import type { ImportContext, ImportKind, StagedRow, TrackedRecord } from './kind';

/**
 * Runs an import kind the way the engine does (parse each normalised row with the kind's schema,
 * `check`, `commit` in one transaction, `blockedUndo` then `undo`), at the test app's first
 * airport, for the kinds' tests until the engine's HTTP path is merged. Rows are given as the
 * engine hands them to the schema: cells already normalised by their column's type.
 */
export interface KindRun {
  t: TestApp;
  actor: { id: string; email: string };
}

const contextOf = (run: KindRun): ImportContext => ({
  batchId: randomUUID(),
  actor: { user: run.actor, requestId: 'import-test' },
  today: new Date().toISOString().slice(0, 10),
  timeZone: 'America/Los_Angeles',
});

/** The file's rows (line 2 onward) parsed by the kind's schema, and the issues of those that fail. */
export function stage<T>(kind: ImportKind<T>, cells: ReadonlyArray<Record<string, unknown>>): { rows: StagedRow<T>[]; issues: ImportIssue[] } {
  const rows: StagedRow<T>[] = [];
  const issues: ImportIssue[] = [];
  cells.forEach((cell, i) => {
    const parsed = kind.schema.safeParse(cell);
    if (parsed.success) rows.push({ row: i + 2, externalId: String(cell.externalId), value: parsed.data });
    else for (const issue of parsed.error.issues) issues.push({ row: i + 2, column: String(issue.path[0] ?? ''), message: issue.message });
  });
  return { rows, issues };
}

/** The dry run: the schema's issues and the kind's check; writes nothing. */
export async function dryRun<T>(run: KindRun, kind: ImportKind<T>, cells: ReadonlyArray<Record<string, unknown>>): Promise<ImportIssue[]> {
  const { rows, issues } = stage(kind, cells);
  return withAirport(FIRST_AIRPORT_ID, async () => [...issues, ...(await kind.check(run.t.db, rows, contextOf(run)))]);
}

/** The commit, all or nothing; answers what the kind tracked. Throws on an issue the dry run would show. */
export async function commit<T>(run: KindRun, kind: ImportKind<T>, cells: ReadonlyArray<Record<string, unknown>>): Promise<TrackedRecord[]> {
  const { rows, issues } = stage(kind, cells);
  if (issues.length > 0) throw new Error(`schema issues: ${JSON.stringify(issues)}`);
  const tracked: TrackedRecord[] = [];
  await withAirport(FIRST_AIRPORT_ID, () =>
    run.t.db.transaction(async (tx) => {
      const ctx = { ...contextOf(run), track: async (_tx: unknown, records: readonly TrackedRecord[]) => void tracked.push(...records), progress: async () => {} };
      await kind.commit(tx, rows, ctx);
    }),
  );
  // What the engine keeps: the tracked records as JSON (the batch's table), dates as strings.
  return JSON.parse(JSON.stringify(tracked)) as TrackedRecord[];
}

/** Undo: the kind's refusal if any, else undone (null). */
export async function undo<T>(run: KindRun, kind: ImportKind<T>, records: readonly TrackedRecord[]): Promise<string | null> {
  return withAirport(FIRST_AIRPORT_ID, async () => {
    const blocked = kind.blockedUndo ? await kind.blockedUndo(run.t.db, records) : null;
    if (blocked) return blocked;
    await run.t.db.transaction((tx) => kind.undo(tx, records, contextOf(run)));
    return null;
  });
}

/** Everything `exportRows` yields. */
export async function exportAll<T>(run: KindRun, kind: ImportKind<T>): Promise<Array<Record<string, string>>> {
  return withAirport(FIRST_AIRPORT_ID, async () => {
    const rows: Array<Record<string, string>> = [];
    for await (const row of kind.exportRows(run.t.db)) rows.push(row);
    return rows;
  });
}
