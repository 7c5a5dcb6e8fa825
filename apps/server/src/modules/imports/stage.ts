import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { guessImportMapping, normaliseCell, FORMULA_MESSAGE, type ImportColumn, type ImportIssue } from '@apron/core';
import type { Tx } from '../../db/client';
import type { ImportContext, ImportKind, StagedRow } from '../../platform/imports/kind';
import { AppError } from '../../platform/errors/app-error';
import { importBatches, importMappings, importRows } from './imports.table';
import { readImportFile, type FileRow } from './read-file';

/** Rows inserted into the staging table per statement. */
const STAGE_CHUNK = 1000;
/** The header's line: issues of the whole file (an unmapped required column) are staged on it. */
export const HEADER_ROW = 1;

type RowIssue = { column: string; message: string };

export interface StageInput {
  kind: ImportKind;
  bytes: Buffer;
  fileName: string;
  /** The request's mapping `{ fileHeader: columnKey }`: wins over the guess and the saved one, and is saved. */
  mapping: Record<string, string> | null;
  createdBy: { id: string; email: string } | null;
}

/** The first cell text of each header, made unique ('Name', 'Name (2)') so a mapping can name each. */
function uniqueHeaders(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const header = cell.trim() || `Column ${i + 1}`;
    const n = (seen.get(header) ?? 0) + 1;
    seen.set(header, n);
    return n === 1 ? header : `${header} (${n})`;
  });
}

/** A zod issue as the grid shows it: the column is the path's first key (a column key of the kind). */
function schemaIssues(error: z.ZodError): RowIssue[] {
  return error.issues.map((issue) => ({ column: typeof issue.path[0] === 'string' ? issue.path[0] : '', message: issue.message }));
}

interface Reader {
  headers: string[];
  mapping: Record<string, string>;
  columnsByIndex: Array<ImportColumn | undefined>;
  /** Required columns no header maps to: reported once on the header, not again on every row. */
  unmapped: Set<string>;
}

/** One file row: mapped, each cell read by its column's type, then parsed by the kind's schema. */
function parseRow(kind: ImportKind, reader: Reader, fileRow: FileRow): { value: unknown; issues: RowIssue[]; values: Record<string, unknown> } {
  const issues: RowIssue[] = [];
  const values: Record<string, unknown> = {};
  reader.columnsByIndex.forEach((column, i) => {
    if (!column) return;
    if (fileRow.formulas.includes(i)) {
      issues.push({ column: column.key, message: FORMULA_MESSAGE });
      return;
    }
    const read = normaliseCell(column.type, fileRow.cells[i] ?? '');
    if (!read.ok) issues.push({ column: column.key, message: read.message });
    else if (read.value !== undefined) values[column.key] = read.value;
  });
  const parsed = kind.schema.safeParse(values);
  if (!parsed.success) {
    const named = new Set([...issues.map((issue) => issue.column), ...reader.unmapped]);
    // A cell that could not be read already says why; the schema's "is required" on it adds nothing.
    issues.push(...schemaIssues(parsed.error).filter((issue) => !named.has(issue.column)));
  }
  return { value: parsed.success ? parsed.data : null, issues, values };
}

/**
 * The dry run: reads the file, stages every row with its value or issues (a set-based insert per
 * chunk), marks duplicate row keys, then runs the kind's checks over the valid rows. In the
 * caller's transaction: a file that cannot be read leaves nothing behind.
 */
export async function stageFile(tx: Tx, input: StageInput, context: Omit<ImportContext, 'batchId'>): Promise<string> {
  const { kind } = input;
  const rows = readImportFile(input.bytes, input.fileName);
  const first = await rows.next();
  if (first.done) throw new AppError('VALIDATION', 'The file has no rows: it needs a header row and a row per record.', { file: 'The file has no rows' }, true);
  const headers = uniqueHeaders(first.value.cells);

  const [saved] = await tx.select().from(importMappings).where(eq(importMappings.kind, kind.kind));
  const mapping = guessImportMapping(headers, kind.columns, saved?.mapping, input.mapping);
  if (input.mapping) {
    await tx
      .insert(importMappings)
      .values({ kind: kind.kind, mapping })
      .onConflictDoUpdate({ target: [importMappings.airportId, importMappings.kind], set: { mapping, updatedAt: new Date() } });
  }
  const byKey = new Map(kind.columns.map((column) => [column.key, column]));
  const mapped = new Set(Object.values(mapping));
  const missing = kind.columns.filter((column) => column.required && !mapped.has(column.key));
  const reader: Reader = {
    headers, mapping, columnsByIndex: headers.map((header) => byKey.get(mapping[header] ?? '')), unmapped: new Set(missing.map((column) => column.key)),
  };

  const [batch] = await tx
    .insert(importBatches)
    .values({ kind: kind.kind, fileName: input.fileName.slice(0, 255), headers, mapping, createdById: input.createdBy?.id ?? null, createdByEmail: input.createdBy?.email ?? null })
    .returning({ id: importBatches.id });
  const batchId = batch!.id;

  if (missing.length > 0) {
    const issues = missing.map((column) => ({ column: column.key, message: `No column of the file is mapped to "${column.label}" (required)` }));
    await tx.insert(importRows).values({ batchId, row: HEADER_ROW, rowKey: '', externalId: '', value: null, issues });
  }

  const rowKeyColumns = kind.rowKey ?? ['externalId'];
  const firstLineOfKey = new Map<string, number>();
  let chunk: Array<typeof importRows.$inferInsert> = [];
  let rowCount = 0;
  for await (const fileRow of rows) {
    const { value, issues, values } = parseRow(kind, reader, fileRow);
    const keyValues = rowKeyColumns.map((key) => values[key] ?? null);
    const rowKey = JSON.stringify(keyValues);
    const externalId = typeof values.externalId === 'string' ? values.externalId : '';
    if (keyValues.every((v) => v !== null)) {
      const earlier = firstLineOfKey.get(rowKey);
      if (earlier !== undefined) {
        const what = rowKeyColumns.length === 1 && rowKeyColumns[0] === 'externalId' ? `external id "${externalId}"` : `key ${keyValues.join(' / ')}`;
        issues.push({ column: rowKeyColumns[rowKeyColumns.length - 1]!, message: `Duplicate ${what}: already on row ${earlier}` });
      } else firstLineOfKey.set(rowKey, fileRow.line);
    }
    chunk.push({ batchId, row: fileRow.line, rowKey, externalId, value: issues.length === 0 ? value : null, issues: issues.length > 0 ? issues : null });
    rowCount += 1;
    if (chunk.length >= STAGE_CHUNK) {
      await tx.insert(importRows).values(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await tx.insert(importRows).values(chunk);

  if (missing.length === 0) await runChecks(tx, kind, batchId, { ...context, batchId });
  const [counts] = await tx
    .select({ errors: sql<number>`coalesce(sum(jsonb_array_length(${importRows.issues})), 0)::int` })
    .from(importRows)
    .where(eq(importRows.batchId, batchId));
  await tx.update(importBatches).set({ rowCount, errorCount: counts?.errors ?? 0 }).where(eq(importBatches.id, batchId));
  return batchId;
}

/** The valid staged rows of a batch, in file order (read back: the file is no longer held). */
export async function validStagedRows(tx: Tx, batchId: string): Promise<StagedRow<unknown>[]> {
  const rows = await tx
    .select({ row: importRows.row, externalId: importRows.externalId, value: importRows.value })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), isNull(importRows.issues), gt(importRows.row, HEADER_ROW)))
    .orderBy(asc(importRows.row));
  return rows;
}

/** The kind's checks over the whole batch (references, rules); their issues join the rows'. */
async function runChecks(tx: Tx, kind: ImportKind, batchId: string, context: ImportContext): Promise<void> {
  const rows = await validStagedRows(tx, batchId);
  if (rows.length === 0) return;
  const issues: ImportIssue[] = await kind.check(tx, rows, context);
  if (issues.length === 0) return;
  const byRow = new Map<number, RowIssue[]>();
  for (const issue of issues) byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), { column: issue.column, message: issue.message }]);
  const updates = [...byRow].map(([row, rowIssues]) => ({ row, issues: rowIssues }));
  for (let at = 0; at < updates.length; at += STAGE_CHUNK) {
    await tx.execute(sql`
      update import_rows r set issues = coalesce(r.issues, '[]'::jsonb) || u.issues, value = null
      from jsonb_to_recordset(${JSON.stringify(updates.slice(at, at + STAGE_CHUNK))}::jsonb) as u("row" int, issues jsonb)
      where r.batch_id = ${batchId} and r."row" = u."row"`);
  }
}
