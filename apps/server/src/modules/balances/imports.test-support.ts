import { randomUUID } from 'node:crypto';
import type { ImportIssue } from '@apron/core';
import type { Db } from '../../db/client';
import type { ImportContext, ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { airportToday } from '../invoices/index';

/**
 * The engine's part of a kind's life, as the kinds' tests need it until modules/imports lands:
 * rows already normalised by cell type (money as dollars, dates ISO) are parsed with the kind's
 * schema (issues by row and column key, the header being row 1), then `check`, or `commit` in one
 * transaction collecting what it tracks, and `blockedUndo` + `undo`. Real kinds, real database.
 */
export type Cells = Record<string, string | number | undefined>;

export async function importContext(db: Db): Promise<ImportContext> {
  return { batchId: randomUUID(), actor: { user: null }, today: await airportToday(db), timeZone: 'America/Los_Angeles' };
}

export function stage<T>(kind: ImportKind<T>, cells: readonly Cells[]): { rows: StagedRow<T>[]; issues: ImportIssue[] } {
  const rows: StagedRow<T>[] = [];
  const issues: ImportIssue[] = [];
  const types = new Map(kind.columns.map((c) => [c.key, c.type]));
  // Text cells (an export's) are read as the engine reads them: money and numbers become numbers.
  const normalised = (key: string, v: string | number) => (typeof v === 'string' && ['money', 'integer', 'number'].includes(types.get(key) ?? '') ? Number(v.replace(/[$,]/g, '')) : v);
  cells.forEach((cell, i) => {
    const present = Object.fromEntries(Object.entries(cell).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, normalised(k, v)]])));
    const parsed = kind.schema.safeParse(present);
    if (parsed.success) rows.push({ row: i + 2, externalId: String(cell.externalId), value: parsed.data });
    else issues.push(...parsed.error.issues.map((issue) => ({ row: i + 2, column: String(issue.path[0] ?? ''), message: issue.message })));
  });
  return { rows, issues };
}

/** The dry run: schema issues, then (for the rows that parse) the kind's check. */
export async function dryRun<T>(db: Db, kind: ImportKind<T>, cells: readonly Cells[]): Promise<ImportIssue[]> {
  const { rows, issues } = stage(kind, cells);
  return [...issues, ...(await kind.check(db, rows, await importContext(db)))].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
}

/** Commit (the rows must be valid): one transaction, what the kind tracked. */
export async function commit<T>(db: Db, kind: ImportKind<T>, cells: readonly Cells[]): Promise<TrackedRecord[]> {
  const { rows, issues } = stage(kind, cells);
  if (issues.length) throw new Error(`invalid rows: ${JSON.stringify(issues)}`);
  const ctx = await importContext(db);
  const tracked: TrackedRecord[] = [];
  await db.transaction(async (tx) => {
    await kind.commit(tx, rows, { ...ctx, track: async (_tx, records) => void tracked.push(...records), progress: async () => undefined });
  });
  // What the engine keeps: the records as JSON (dates and all).
  return JSON.parse(JSON.stringify(tracked)) as TrackedRecord[];
}

/** Undo as the engine does it: refused with the kind's reason, else one transaction. */
export async function undo<T>(db: Db, kind: ImportKind<T>, records: readonly TrackedRecord[]): Promise<string | null> {
  const blocked = (await kind.blockedUndo?.(db, records)) ?? null;
  if (blocked) return blocked;
  const ctx = await importContext(db);
  await db.transaction((tx) => kind.undo(tx, records, ctx));
  return null;
}

export async function exported<T>(db: Db, kind: ImportKind<T>): Promise<Array<Record<string, string>>> {
  const rows: Array<Record<string, string>> = [];
  for await (const row of kind.exportRows(db)) rows.push(row);
  return rows;
}
