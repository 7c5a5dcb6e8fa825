import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { FORMULA_MESSAGE } from '@apron/core';
import { AppError } from '../../platform/errors/app-error';

/**
 * Reading an uploaded file (issue 23): what it really is (sniffed from its bytes, never trusted
 * from its name), then its rows one at a time. CSV through csv-parse (any of , ; tab |, UTF-8 with
 * or without BOM, UTF-16 with BOM, else Windows-1252); .xlsx through exceljs's streaming reader
 * (first worksheet). Cells come out as text: the engine reads them by their column's type.
 */
export interface FileRow {
  /** The row's line in the file (CSV: the line the record ends on; .xlsx: the sheet's row number). */
  line: number;
  cells: string[];
  /** Cells holding a formula (their index): refused, the import takes values only. */
  formulas: number[];
}

export type FileFormat = 'csv' | 'xlsx';

const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

function notA(what: string, detail: string): AppError {
  return new AppError('VALIDATION', `This file is not ${what}: ${detail}`, { file: `This file is not ${what}: ${detail}` }, true);
}

function startsWith(bytes: Buffer, ...signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** What the bytes are, checked against the name: a file that is not what its name says is refused. */
export function sniffImportFile(bytes: Buffer, fileName: string): FileFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const expected = extension === 'xlsx' ? 'an Excel workbook (.xlsx)' : 'a CSV file';
  if (bytes.length === 0) throw notA(expected, 'it is empty.');
  let actual: string | null = null;
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    // A workbook is a zip whose entries include xl/workbook.xml (its name is stored in plain text).
    if (bytes.includes('xl/workbook.xml')) {
      if (extension === 'csv' || extension === 'txt') throw notA('a CSV file', 'it is an Excel workbook. Name it .xlsx, or save it as CSV.');
      return 'xlsx';
    }
    actual = 'a zip archive';
  } else if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) actual = 'a PDF document';
  else if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff) || startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) actual = 'an image';
  else if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) actual = 'an old Excel 97-2003 (.xls) or Office file. Save it as .xlsx or CSV';
  if (actual) throw notA(expected, `it is ${actual}.`);
  if (extension === 'xlsx') throw notA(expected, 'it is a text file. Name it .csv, or save it from Excel as .xlsx.');
  return 'csv';
}

/** The file's text: UTF-8 (BOM stripped), UTF-16 with its BOM, or else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsv(bytes: Buffer): string {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return decodeStrict('utf-8', bytes.subarray(3));
  if (startsWith(bytes, 0xff, 0xfe)) return decodeStrict('utf-16le', bytes.subarray(2));
  if (startsWith(bytes, 0xfe, 0xff)) return decodeStrict('utf-16be', bytes.subarray(2));
  if (bytes.includes(0)) throw notA('a CSV file', 'it holds binary data.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder('windows-1252').decode(bytes);
    // Bytes Windows-1252 leaves undefined decode to C1 controls: the text is in neither encoding.
    if (/[\u0080-\u009f]/.test(text)) throw unreadable();
    return text;
  }
}

function unreadable(): AppError {
  const message = 'The file\'s text is neither UTF-8 nor Windows-1252: save it as "CSV UTF-8" and upload it again.';
  return new AppError('VALIDATION', message, { file: message }, true);
}

function decodeStrict(encoding: string, bytes: Buffer): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw unreadable();
  }
}

/** The delimiter the header line uses most (outside quotes); a comma when it has none. */
export function detectDelimiter(text: string): string {
  const firstLine = /^[^\r\n]*/.exec(text.replace(/^\s*[\r\n]+/, ''))?.[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The CSV's records, streamed from its text in slices (csv-parse holds one record at a time). */
async function* csvRows(bytes: Buffer): AsyncGenerator<FileRow> {
  const text = decodeCsv(bytes);
  const parser = parse({ delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: true, info: true });
  const SLICE = 64 * 1024;
  const slices = function* () {
    for (let at = 0; at < text.length; at += SLICE) yield text.slice(at, at + SLICE);
  };
  Readable.from(slices()).pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (isBlank(record.record)) continue;
      // A CSV cell starting with '=' is refused as a formula when the cell is read (normaliseCell).
      yield { line: record.info.lines, cells: record.record, formulas: [] };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = `The file could not be read as CSV: ${(error as Error).message}`;
    throw new AppError('VALIDATION', message, { file: message }, true);
  }
}

type XlsxCell = ExcelJS.CellValue;

function xlsxText(value: XlsxCell): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
    if ('richText' in value) return { text: value.richText.map((part) => part.text).join(''), formula: false };
    if ('text' in value) return { text: String(value.text), formula: false };
    if ('error' in value) return { text: String(value.error), formula: false };
    return { text: '', formula: false };
  }
  return { text: String(value), formula: false };
}

/** The first worksheet's rows, streamed (the reader never builds the whole workbook). */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as XlsxCell[]).slice(1);
        const read = Array.from({ length: values.length }, (_, i) => xlsxText(values[i] ?? null));
        const cells = read.map((cell) => cell.text);
        const formulas = read.flatMap((cell, i) => (cell.formula ? [i] : []));
        if (isBlank(cells) && formulas.length === 0) continue;
        yield { line: row.number, cells, formulas };
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = `The workbook could not be read: ${(error as Error).message}`;
    throw new AppError('VALIDATION', message, { file: message }, true);
  }
}

/** The file's rows, header included, blank rows left out. Sniffing errors are thrown before any row. */
export function readImportFile(bytes: Buffer, fileName: string): AsyncGenerator<FileRow> {
  return sniffImportFile(bytes, fileName) === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes);
}

export { FORMULA_MESSAGE };
