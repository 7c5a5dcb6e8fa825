import { once } from 'node:events';
import type { Archiver } from 'archiver';
import { stringify } from 'csv-stringify';
import { escapeSpreadsheetCell, type ImportColumn } from '@apron/core';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors/app-error';
import type { FileStorage } from '../../platform/files/storage';
import type { ImportKind } from '../../platform/imports/kind';
import { pageOfAllDocuments, type AttachmentWithType } from '../attachments/index';

/**
 * "Export everything" (issue 23): one CSV per import kind, in the kind's template columns (so each
 * file imports unchanged into another airport), and every uploaded document under
 * `documents/<owner type>/<owner id>/<name>` with `documents.csv` listing them. Everything is
 * streamed: rows come from each kind's `exportRows` and the CSV writer waits while the zip is
 * behind, and documents are read one at a time, so memory stays bounded at any size.
 */
export interface ExportSources {
  db: Db;
  files: FileStorage;
  kinds: readonly ImportKind[];
}

const NUMERIC = new Set<ImportColumn['type']>(['money', 'number', 'integer']);

/**
 * A cell as exported: a number column's number stays a number (a negative amount is not a formula);
 * any other text a spreadsheet would run as a formula is escaped (escapeSpreadsheetCell).
 */
export function exportCell(column: ImportColumn, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const number = Number(value);
  if (NUMERIC.has(column.type) && value.trim() !== '' && Number.isFinite(number)) return value;
  return String(escapeSpreadsheetCell(value));
}

/** Adds an entry whose bytes are written while the zip reads them, and waits until the zip has it. */
async function streamEntry(archive: Archiver, name: string, stopped: AbortSignal, write: (csv: Csv) => Promise<void>): Promise<void> {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const added = once(archive, 'entry', { signal: stopped });
  archive.append(csv, { name });
  await write(csv);
  csv.end();
  await added;
}

type Csv = ReturnType<typeof stringify>;

/**
 * Writes one record, waiting while the zip has not read what came before (backpressure). `stopped`
 * aborts when the zip is closed early (a cancelled download), so the writer stops waiting.
 */
async function writeRecord(csv: Csv, record: string[], stopped: AbortSignal): Promise<void> {
  if (!csv.write(record)) await once(csv, 'drain', { signal: stopped });
}

async function writeKind(archive: Archiver, db: Db, kind: ImportKind, stopped: AbortSignal): Promise<number> {
  let rows = 0;
  await streamEntry(archive, `${kind.kind}.csv`, stopped, async (csv) => {
    await writeRecord(csv, kind.columns.map((column) => column.key), stopped);
    for await (const row of kind.exportRows(db)) {
      await writeRecord(csv, kind.columns.map((column) => exportCell(column, row[column.key])), stopped);
      rows += 1;
    }
  });
  return rows;
}

const DOCUMENT_COLUMNS = ['path', 'ownerType', 'ownerId', 'documentType', 'name', 'contentType', 'size', 'uploadedAt', 'uploadedBy'] as const;
const PAGE = 200;

/** A zip path for the document: its owner's folder and its name, numbered when the name repeats there. */
function documentPath(document: AttachmentWithType, taken: Set<string>): string {
  const folder = `documents/${document.ownerType}/${document.ownerId}`;
  const dot = document.name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [document.name.slice(0, dot), document.name.slice(dot)] : [document.name, ''];
  let path = `${folder}/${document.name}`;
  for (let n = 2; taken.has(path.toLowerCase()); n += 1) path = `${folder}/${stem} (${n})${extension}`;
  taken.add(path.toLowerCase());
  return path;
}

async function writeDocuments(archive: Archiver, db: Db, files: FileStorage, stopped: AbortSignal): Promise<number> {
  const listed: string[][] = [];
  const taken = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const page = await pageOfAllDocuments(db, after, PAGE);
    for (const document of page) {
      let path = documentPath(document, taken);
      const stored = await files.get(document.storageKey).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      });
      if (stored) {
        const added = once(archive, 'entry', { signal: stopped });
        archive.append(stored, { name: path, date: document.createdAt });
        await added;
      } else {
        // Listed, so the export says what it could not include rather than leaving it out silently.
        path = `(missing from storage) ${path}`;
      }
      listed.push([
        path, document.ownerType, document.ownerId, document.typeName ?? '', document.name, document.contentType,
        String(document.size), document.createdAt.toISOString(), document.createdByEmail,
      ].map((cell) => String(escapeSpreadsheetCell(cell))));
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  // The index goes last, once every path is known (a row is ~200 bytes: 10,000 documents ~2 MB).
  await streamEntry(archive, 'documents.csv', stopped, async (csv) => {
    await writeRecord(csv, [...DOCUMENT_COLUMNS], stopped);
    for (const row of listed) await writeRecord(csv, row, stopped);
  });
  return listed.length;
}

/**
 * Fills the zip and finalises it; the caller has already piped it to the response. Kinds are written
 * in the registry's order. The zip is read kind by kind, not as one snapshot of the database: a
 * record changed during a long export may show its old or new state.
 */
export async function writeAirportExport(archive: Archiver, sources: ExportSources): Promise<{ rows: Record<string, number>; documents: number }> {
  const stop = new AbortController();
  const abort = () => stop.abort(new Error('The export was closed before it was complete'));
  archive.once('close', abort).once('error', abort);
  try {
    const rows: Record<string, number> = {};
    for (const kind of sources.kinds) rows[kind.kind] = await writeKind(archive, sources.db, kind, stop.signal);
    const documents = await writeDocuments(archive, sources.db, sources.files, stop.signal);
    await archive.finalize();
    return { rows, documents };
  } finally {
    archive.off('close', abort).off('error', abort);
  }
}
