import { describe, expect, it } from 'vitest';
import { formatNamedValuesCell, parseNamedValuesCell } from '../src/imports/named-values';

describe('a cell of named values (asset fields, property attributes)', () => {
  it("reads 'name: value' pairs separated by ;, with \\; and \\\\ in values", () => {
    expect(parseNamedValuesCell(' condition: Good ;wattage:60; note: a\\;b\\\\c; ')).toEqual({
      pairs: [{ name: 'condition', value: 'Good' }, { name: 'wattage', value: '60' }, { name: 'note', value: 'a;b\\c' }],
    });
    expect(parseNamedValuesCell('')).toEqual({ pairs: [] });
    expect(parseNamedValuesCell('time: 10:30')).toEqual({ pairs: [{ name: 'time', value: '10:30' }] });
    expect(parseNamedValuesCell('Door Width (ft)=42; Ratio=1:2')).toEqual({ pairs: [{ name: 'Door Width (ft)', value: '42' }, { name: 'Ratio', value: '1:2' }] });
  });

  it('names what is wrong with a cell', () => {
    expect(parseNamedValuesCell('condition Good')).toEqual({ error: "'condition Good' is not 'name: value' (separate them with ;)" });
    expect(parseNamedValuesCell(': Good')).toEqual({ error: "': Good' is not 'name: value' (separate them with ;)" });
    expect(parseNamedValuesCell('lit: yes; Lit: no')).toEqual({ error: 'Lit is given twice' });
  });

  it('writes what it reads back (empty values left out, booleans as yes/no)', () => {
    const cell = formatNamedValuesCell([
      { name: 'condition', value: 'Good' }, { name: 'wattage', value: 60 }, { name: 'lit', value: false }, { name: 'serial', value: null }, { name: 'note', value: 'a;b\\c' },
    ]);
    expect(cell).toBe('condition: Good; wattage: 60; lit: no; note: a\\;b\\\\c');
    expect(parseNamedValuesCell(cell)).toEqual({
      pairs: [{ name: 'condition', value: 'Good' }, { name: 'wattage', value: '60' }, { name: 'lit', value: 'no' }, { name: 'note', value: 'a;b\\c' }],
    });
  });
});
