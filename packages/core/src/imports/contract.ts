/**
 * Import and export of an airport's data (issue 23): the kinds, and the columns of each kind's
 * template. The same columns name the import's mapping targets, the template's header and the
 * export's CSV header, so a file exported from one airport imports into another unchanged.
 */
export const IMPORT_KINDS = [
  'properties',
  'companies',
  'agreements',
  'insurances',
  'balances',
  'invoices',
  'assets',
  'applicants',
] as const;
export type ImportKindName = (typeof IMPORT_KINDS)[number];

/**
 * How a cell is read before the kind's schema sees it (the engine normalises, the schema validates):
 * - text: trimmed; an empty cell is absent
 * - money: '$1,250.00', '1.250,00', '1250' -> dollars as a number with at most two decimals
 * - date: ISO, MM/DD/YYYY, an Excel date cell or serial number -> 'YYYY-MM-DD'
 * - integer / number: numbers, with thousands separators allowed
 * - boolean: yes/no, true/false, y/n, 1/0
 * - email: trimmed and lower-cased
 * - list: several values separated by ';' -> string[]
 */
export type ImportCellType = 'text' | 'money' | 'date' | 'integer' | 'number' | 'boolean' | 'email' | 'list';

export interface ImportColumn {
  /** The field name in the template header, the mapping and the export (camelCase, like the API). */
  key: string;
  /** What the mapping screen shows. */
  label: string;
  type: ImportCellType;
  required?: boolean;
  /** The template's example row. */
  example: string;
  /** Other header spellings the column guesser accepts (compared case- and punctuation-blind). */
  aliases?: readonly string[];
  /** One line of help on the mapping screen and in docs/import.md. */
  help?: string;
}

/** Every template's first column: the record's id in the airport's old system, the key of re-imports. */
export const EXTERNAL_ID_COLUMN: ImportColumn = {
  key: 'externalId',
  label: 'External id',
  type: 'text',
  required: true,
  example: 'OLD-1001',
  aliases: ['external id', 'id', 'old id', 'legacy id', 'reference', 'ref'],
  help: "The record's id in your old system; importing the same id again updates the record instead of adding one.",
};

/** An error found in a file, by row (the file's line, header = 1) and column key ('' for the whole row). */
export interface ImportIssue {
  row: number;
  column: string;
  message: string;
}

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
