import { describe, expect, it } from 'vitest';
import { formatAssetFieldsCell, parseAssetFieldsCell } from '../src/imports/assets';

describe('the assets template fields cell', () => {
  it("reads 'name: value' pairs separated by ;, with \\; and \\\\ in values", () => {
    expect(parseAssetFieldsCell(' condition: Good ;wattage:60; note: a\\;b\\\\c; ')).toEqual({
      pairs: [{ name: 'condition', value: 'Good' }, { name: 'wattage', value: '60' }, { name: 'note', value: 'a;b\\c' }],
    });
    expect(parseAssetFieldsCell('')).toEqual({ pairs: [] });
    expect(parseAssetFieldsCell('time: 10:30')).toEqual({ pairs: [{ name: 'time', value: '10:30' }] });
  });

  it('names what is wrong with a cell', () => {
    expect(parseAssetFieldsCell('condition Good')).toEqual({ error: "'condition Good' is not 'name: value' (separate fields with ;)" });
    expect(parseAssetFieldsCell(': Good')).toEqual({ error: "': Good' is not 'name: value' (separate fields with ;)" });
    expect(parseAssetFieldsCell('lit: yes; Lit: no')).toEqual({ error: 'Lit is given twice' });
  });

  it('writes what it reads back (empty values left out, booleans as yes/no)', () => {
    const cell = formatAssetFieldsCell([
      { name: 'condition', value: 'Good' }, { name: 'wattage', value: 60 }, { name: 'lit', value: false }, { name: 'serial', value: null }, { name: 'note', value: 'a;b\\c' },
    ]);
    expect(cell).toBe('condition: Good; wattage: 60; lit: no; note: a\\;b\\\\c');
    expect(parseAssetFieldsCell(cell)).toEqual({
      pairs: [{ name: 'condition', value: 'Good' }, { name: 'wattage', value: '60' }, { name: 'lit', value: 'no' }, { name: 'note', value: 'a;b\\c' }],
    });
  });
});
