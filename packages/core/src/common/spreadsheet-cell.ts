/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) is written with a leading apostrophe, which spreadsheets show as text (OWASP, CSV
 * injection). Numbers are not text: a negative amount stays a number, so only strings are escaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeSpreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string' || !FORMULA_START.test(value)) return value;
  return `'${value}`;
}
