import { escapeSpreadsheetCell, type ImportColumn } from '@apron/core';
import type { ImportBatchRow } from './imports.table';

/** A batch as the API answers it (history, status polling, commit and undo). */
export function presentBatch(batch: ImportBatchRow) {
  return {
    batchId: batch.id,
    kind: batch.kind,
    status: batch.status,
    fileName: batch.fileName,
    headers: batch.headers,
    mapping: batch.mapping,
    rowCount: batch.rowCount,
    errorCount: batch.errorCount,
    progress: batch.progress,
    createdCount: batch.createdCount,
    updatedCount: batch.updatedCount,
    error: batch.error,
    createdBy: batch.createdByEmail,
    createdAt: batch.createdAt.toISOString(),
    committedAt: batch.committedAt?.toISOString() ?? null,
    undoneAt: batch.undoneAt?.toISOString() ?? null,
  };
}

function quoted(escaped: string): string {
  return /[",\r\n]/.test(escaped) ? `"${escaped.replace(/"/g, '""')}"` : escaped;
}

/** A CSV line of cells we did not write ourselves (a file's text in the errors download): escaped. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => quoted(String(escapeSpreadsheetCell(cell)))).join(',')}\r\n`;
}

/** The kind's template: the header and one valid example row (external id `externalId`'s example). */
export function templateCsv(columns: readonly ImportColumn[]): string {
  // Our own examples, unescaped: a negative longitude must import back as the number it is.
  const line = (cells: string[]) => `${cells.map(quoted).join(',')}\r\n`;
  return line(columns.map((column) => column.key)) + line(columns.map((column) => column.example));
}
