import type { ImportIssue, ImportKindName } from '@apron/core/imports';
import { percentOf } from '../../../components/job-progress';

/*
 * The import API's answers (issue 23), as the engine's presenter writes them
 * (apps/server/src/modules/imports/imports.presenter.ts).
 */

/** Which column of the kind each header of the file feeds: file header -> column key (a header left out is not imported). */
export type TImportMapping = Record<string, string>;

export type TImportStatus = 'previewed' | 'committing' | 'committed' | 'failed' | 'undone';

/** `GET /api/Imports/{batchId}`, a row of `GET /api/Imports` (history), and the answers of Commit and undo. */
export interface TImportBatch {
  batchId: string;
  kind: ImportKindName;
  status: TImportStatus;
  fileName: string;
  headers: string[];
  mapping: TImportMapping;
  rowCount: number;
  errorCount: number;
  /** Rows committed so far, of `rowCount`, while the status is 'committing'. */
  progress: number;
  createdCount: number;
  updatedCount: number;
  /** Why the commit failed. */
  error: string | null;
  /** Who uploaded the file (their e-mail). */
  createdBy: string | null;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
}

/** A batch with a page of its errors (`GET /api/Imports/{batchId}?page=&pageSize=`). */
export interface TImportBatchErrors extends TImportBatch {
  errors: ImportIssue[];
  errorsTotal: number;
}

/** A row of the file as the import read it: its line, its external id and its parsed value. */
export interface TImportPreviewRow {
  row: number;
  externalId: string;
  value: Record<string, unknown>;
}

/** `POST /api/Imports` (dry run): the batch, its first errors and its first valid rows as read; nothing written. */
export interface TImportPreview extends TImportBatchErrors {
  rows: TImportPreviewRow[];
}

/** The counts a person reads: new and updated only once the batch has been committed. */
export interface TImportCounts {
  rows: number;
  created?: number;
  updated?: number;
  errors: number;
}

export function countsOf(batch: TImportBatch): TImportCounts {
  const counts: TImportCounts = { rows: batch.rowCount, errors: batch.errorCount };
  if (batch.status === 'committed' || batch.status === 'undone') return { ...counts, created: batch.createdCount, updated: batch.updatedCount };
  return counts;
}

/** How far a commit is, 0-100: the progress bar's own figure, so the history says the same. */
export function percentDone(batch: TImportBatch): number {
  return percentOf(batch.progress, batch.rowCount);
}
