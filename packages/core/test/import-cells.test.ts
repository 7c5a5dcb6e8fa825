import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_ID_COLUMN, excelSerialToIsoDate, guessImportMapping, headerKey, normaliseCell, parseImportDate, parseImportNumber, PROPERTY_IMPORT_COLUMNS,
} from '../src/index';

describe('import cells', () => {
  it.each([
    ['$1,250.00', 1250], ['1.250,00', 1250], ['1250', 1250], ['1,250', 1250], ['1,25', 1.25], ['1.5', 1.5], ['(12.00)', -12], ['-$12.50', -12.5],
    ['1 250,75 €', 1250.75], ['USD 99', 99], ['1.234.567,89', 1234567.89], ['1,234,567.89', 1234567.89],
  ])('money %s -> %s', (text, value) => {
    expect(normaliseCell('money', text)).toEqual({ ok: true, value });
  });

  it.each(['12.345', 'abc', '1,2,3', '1.2.3,4.5', '$', '12..5'])('money %s is refused', (text) => {
    expect(normaliseCell('money', text).ok).toBe(false);
  });

  it('reads dates as ISO, US and Excel serial numbers', () => {
    expect(parseImportDate('2026-01-31')).toBe('2026-01-31');
    expect(parseImportDate('2026-01-31T10:00:00Z')).toBe('2026-01-31');
    expect(parseImportDate('01/31/2026')).toBe('2026-01-31');
    expect(parseImportDate('1/2/2026')).toBe('2026-01-02');
    expect(parseImportDate('46053')).toBe('2026-01-31');
    expect(excelSerialToIsoDate(1)).toBe('1900-01-01');
    expect(excelSerialToIsoDate(61)).toBe('1900-03-01');
    expect(parseImportDate('2026-02-30')).toBeNull();
    expect(parseImportDate('31/01/2026')).toBeNull();
    expect(normaliseCell('date', 'soon')).toEqual({ ok: false, message: 'Must be a date such as 2026-01-31 or 01/31/2026' });
  });

  it('reads numbers, integers, booleans, e-mails and lists; empty cells are absent', () => {
    expect(parseImportNumber('1,234.5')).toBe(1234.5);
    expect(parseImportNumber('-104.6737')).toBe(-104.6737);
    expect(normaliseCell('integer', '1,200')).toEqual({ ok: true, value: 1200 });
    expect(normaliseCell('integer', '1.5').ok).toBe(false);
    expect(normaliseCell('boolean', 'Yes')).toEqual({ ok: true, value: true });
    expect(normaliseCell('boolean', 'n')).toEqual({ ok: true, value: false });
    expect(normaliseCell('boolean', 'maybe').ok).toBe(false);
    expect(normaliseCell('email', ' Jo@Example.TEST ')).toEqual({ ok: true, value: 'jo@example.test' });
    expect(normaliseCell('list', 'a; b;;c ')).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(normaliseCell('text', '   ')).toEqual({ ok: true, value: undefined });
  });

  it('refuses formulas, and reads an exported escaped cell as its value', () => {
    expect(normaliseCell('number', '=SUM(A1:A3)')).toEqual({ ok: false, message: 'Formulas are not imported: enter the value' });
    expect(normaliseCell('number', "'-12.5")).toEqual({ ok: true, value: -12.5 });
    expect(normaliseCell('text', "'=not a formula")).toEqual({ ok: true, value: '=not a formula' });
  });
});

describe('column mapping', () => {
  it('guesses by key, label and alias, blind to case, spaces and punctuation', () => {
    expect(headerKey(' Monthly-Rent ')).toBe('monthlyrent');
    const headers = ['ID', 'Property Name', 'TYPE', 'area', 'Monthly rent', 'Lat', 'Unknown'];
    expect(guessImportMapping(headers, PROPERTY_IMPORT_COLUMNS)).toEqual({
      ID: 'externalId', 'Property Name': 'name', TYPE: 'propertyType', area: 'area', 'Monthly rent': 'rent', Lat: 'latitude',
    });
  });

  it('the saved mapping wins over the guess, the request over both; a column maps from one header', () => {
    const headers = ['Ref', 'Name', 'Label'];
    const saved = { Label: 'name' };
    expect(guessImportMapping(headers, [EXTERNAL_ID_COLUMN, ...PROPERTY_IMPORT_COLUMNS.slice(1)], saved)).toEqual({ Ref: 'externalId', Label: 'name' });
    expect(guessImportMapping(headers, PROPERTY_IMPORT_COLUMNS, saved, { Name: 'name', Ref: '' })).toEqual({ Name: 'name' });
    expect(guessImportMapping(headers, PROPERTY_IMPORT_COLUMNS, { Name: 'nonsense' })).toEqual({ Ref: 'externalId' });
  });
});
