import type { ImportCellType, ImportColumn } from './contract';

/**
 * Cell normalisation (issue 23): what a spreadsheet cell says, read by its column's type before the
 * kind's schema validates it. Pure, so the web's preview can read cells as the server does.
 */
export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): CellResult => ({ ok: true, value });
const bad = (message: string): CellResult => ({ ok: false, message });

/** Days from 1899-12-30 (Excel's day 0, after its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25569;
/** Excel's last date, 9999-12-31. */
const EXCEL_MAX_SERIAL = 2958465;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** An Excel serial day number (1 = 1900-01-01) as YYYY-MM-DD; fractions (the time of day) are dropped. */
export function excelSerialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > EXCEL_MAX_SERIAL) return null;
  // Excel counts a 29 February 1900 that never was: serials before it are a day earlier.
  const day = Math.floor(serial) < 61 ? Math.floor(serial) + 1 : Math.floor(serial);
  return new Date((day - EXCEL_EPOCH_OFFSET_DAYS) * 86_400_000).toISOString().slice(0, 10);
}

/** ISO (YYYY-MM-DD, with or without a time), US MM/DD/YYYY, or an Excel serial number -> YYYY-MM-DD. */
export function parseImportDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return isoDate(Number(us[3]), Number(us[1]), Number(us[2]));
  if (/^\d{1,7}(\.\d+)?$/.test(text)) return excelSerialToIsoDate(Number(text));
  return null;
}

/**
 * A number as people write it: '1,250.50' (US), '1.250,50' (European), '1 250', '(12.00)' (an
 * accountant's negative). The separator written last with 1-2 digits after it is the decimal
 * point; with one kind of separator only, groups of exactly three digits mean thousands ('1,250' is
 * 1250, '1,25' is 1.25); a single '.' is always the decimal point ('1.250' is 1.25).
 */
export function parseImportNumber(text: string): number | null {
  let s = text.replace(/[\s\u00a0']/g, '');
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(s);
  if (parenthesised) [negative, s] = [true, parenthesised[1]!];
  if (s.startsWith('-')) [negative, s] = [!negative, s.slice(1)];
  else if (s.startsWith('+')) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [whole, fraction, extra] = s.split(decimal);
    if (extra !== undefined || !/^\d{1,3}([.,]\d{3})*$/.test(whole!) || whole!.includes(decimal)) return null;
    normalised = `${whole!.split(thousands).join('')}.${fraction}`;
  } else if (lastComma >= 0 || (lastDot >= 0 && s.indexOf('.') !== lastDot)) {
    const separator = lastComma >= 0 ? ',' : '.';
    if (/^\d{1,3}([.,]\d{3})+$/.test(s)) normalised = s.split(separator).join('');
    else if (separator === ',' && /^\d+,\d+$/.test(s)) normalised = s.replace(',', '.');
    else return null;
  } else {
    normalised = s;
  }
  if (!/^\d*\.?\d*$/.test(normalised)) return null;
  const value = Number(normalised);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** Dollars with at most two decimals, a currency sign allowed: '$1,250.00', '1.250,00 €', 'USD 12'. */
export function parseImportMoney(text: string): CellResult {
  const stripped = text.replace(/^(USD|US\$|\$|€|£)\s*|\s*(USD|\$|€|£)$/gi, '').replace(/^-\s*\$/, '-').replace(/^\(\s*\$/, '(');
  const value = parseImportNumber(stripped);
  if (value === null) return bad('Must be an amount such as 1250.00');
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return bad('An amount has at most two decimals');
  return ok(Math.round(value * 100) / 100);
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'x']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0']);

/** The message of a cell holding a formula: the import takes values only. */
export const FORMULA_MESSAGE = 'Formulas are not imported: enter the value';

/**
 * One cell read by its type. An empty cell is absent (`value: undefined`): the schema decides
 * whether the column is required. A text cell starting with '=' is a formula and refused.
 */
export function normaliseCell(type: ImportCellType, raw: string): CellResult {
  let text = raw.trim();
  if (text === '') return ok(undefined);
  // An exported cell escaped against spreadsheet formulas ("'=x", "'-12"): the value is after the quote.
  const escaped = /^'[=+\-@]/.test(text);
  if (escaped) text = text.slice(1);
  else if (text.startsWith('=')) return bad(FORMULA_MESSAGE);
  switch (type) {
    case 'text':
      return ok(text);
    case 'email':
      return ok(text.toLowerCase());
    case 'money':
      return parseImportMoney(text);
    case 'date': {
      const date = parseImportDate(text);
      return date ? ok(date) : bad('Must be a date such as 2026-01-31 or 01/31/2026');
    }
    case 'integer': {
      const value = parseImportNumber(text);
      return value !== null && Number.isInteger(value) ? ok(value) : bad('Must be a whole number');
    }
    case 'number': {
      const value = parseImportNumber(text);
      return value !== null ? ok(value) : bad('Must be a number');
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return ok(true);
      if (FALSE_WORDS.has(word)) return ok(false);
      return bad('Must be yes or no');
    }
    case 'list':
      return ok(text.split(';').map((item) => item.trim()).filter((item) => item !== ''));
  }
}

/** A header as the guesser compares it: case, spaces and punctuation do not count. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The mapping `{ fileHeader: columnKey }`: each header matched to the column whose key, label or
 * alias it spells; then the saved mapping of the kind, then the request's, each winning over the
 * one before for the headers it names (a column maps from one header only; '' leaves a header out).
 */
export function guessImportMapping(
  headers: readonly string[],
  columns: readonly ImportColumn[],
  ...overrides: ReadonlyArray<Readonly<Record<string, string>> | null | undefined>
): Record<string, string> {
  const byKey = new Map<string, string>();
  for (const column of columns) {
    for (const name of [column.key, column.label, ...(column.aliases ?? [])]) {
      if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), column.key);
    }
  }
  const known = new Set(columns.map((column) => column.key));
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const key = byKey.get(headerKey(header));
    if (key && !Object.values(mapping).includes(key)) mapping[header] = key;
  }
  for (const override of overrides) {
    for (const [header, key] of Object.entries(override ?? {})) {
      if (!headers.includes(header)) continue;
      if (key === '' || !known.has(key)) {
        delete mapping[header];
        continue;
      }
      for (const [other, taken] of Object.entries(mapping)) if (taken === key && other !== header) delete mapping[other];
      mapping[header] = key;
    }
  }
  return mapping;
}
