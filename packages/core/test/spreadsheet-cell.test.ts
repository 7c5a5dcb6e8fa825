import { describe, expect, it } from 'vitest';
import { escapeSpreadsheetCell } from '../src/common/spreadsheet-cell';

describe('escapeSpreadsheetCell', () => {
  it('writes a text cell a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(escapeSpreadsheetCell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(escapeSpreadsheetCell('+1 555')).toBe("'+1 555");
    expect(escapeSpreadsheetCell('-5')).toBe("'-5");
    expect(escapeSpreadsheetCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeSpreadsheetCell('\t=1')).toBe("'\t=1");
  });

  it('leaves ordinary text, numbers and empty cells alone', () => {
    expect(escapeSpreadsheetCell('Hangar 4')).toBe('Hangar 4');
    expect(escapeSpreadsheetCell(-12.5)).toBe(-12.5);
    expect(escapeSpreadsheetCell('')).toBe('');
    expect(escapeSpreadsheetCell(null)).toBe(null);
  });
});
