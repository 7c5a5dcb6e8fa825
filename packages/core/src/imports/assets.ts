import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * The `assets` template (issue 23: assets per master, with their configured fields). One file holds
 * assets of several asset types (master assets): `master` names the type, and `fields` carries the
 * values of the type's configured fields in one cell, `fieldName: value; fieldName: value`.
 *
 * Why one cell rather than a column per field: the template's columns are fixed per kind (the
 * mapping screen, the template download and the export all read `ASSET_IMPORT_COLUMNS`), while each
 * type configures its own fields; a `fields` cell keeps one template for every type and every
 * airport. Names are the configured field names (`installedOn`) or their labels (`Installed On`),
 * compared case-blind. A value holding `;` or `\` writes it as `\;` or `\\`.
 */
export const ASSET_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { ...EXTERNAL_ID_COLUMN, example: 'RL-0042' },
  {
    key: 'master',
    label: 'Asset type',
    type: 'text',
    required: true,
    example: 'Runway Lights',
    aliases: ['asset type', 'type', 'master asset', 'category', 'asset class', 'class'],
    help: 'The name of a master asset under Settings -> Master Asset (it must exist before the import).',
  },
  {
    key: 'status',
    label: 'Active',
    type: 'boolean',
    example: 'yes',
    aliases: ['asset status', 'active', 'enabled', 'in service'],
    help: 'yes or no; a new asset without one is active.',
  },
  {
    key: 'latitude',
    label: 'Latitude',
    type: 'number',
    example: '39.1931',
    aliases: ['lat', 'y'],
    help: 'Decimal degrees; leave latitude and longitude empty to place a new asset at the default location.',
  },
  {
    key: 'longitude',
    label: 'Longitude',
    type: 'number',
    example: '-119.7342',
    aliases: ['lon', 'lng', 'long', 'x'],
  },
  {
    key: 'fields',
    label: 'Fields',
    type: 'text',
    example: 'condition: Good; wattage: 60; installedOn: 2019-05-14; lit: yes; serial: RL-00042',
    aliases: ['configured fields', 'values', 'attributes', 'details'],
    help: "The type's configured fields as 'name: value; name: value' (field name or label); fields left out are empty.",
  },
];

/** One `name: value` pair of a `fields` cell, as written (the value still text). */
export interface AssetFieldPair {
  name: string;
  value: string;
}

/** Reads a `fields` cell: pairs, or the message naming what is wrong with it. */
export function parseAssetFieldsCell(cell: string): { pairs: AssetFieldPair[] } | { error: string } {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i += 1) {
    const char = cell[i]!;
    if (char === '\\' && i + 1 < cell.length) {
      current += cell[i + 1];
      i += 1;
    } else if (char === ';') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  const pairs: AssetFieldPair[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    const name = colon < 0 ? '' : part.slice(0, colon).trim();
    if (!name) return { error: `'${part.trim()}' is not 'name: value' (separate fields with ;)` };
    if (seen.has(name.toLowerCase())) return { error: `${name} is given twice` };
    seen.add(name.toLowerCase());
    pairs.push({ name, value: part.slice(colon + 1).trim() });
  }
  return { pairs };
}

/** Writes a `fields` cell from the values in field order (empty values left out). */
export function formatAssetFieldsCell(values: ReadonlyArray<{ name: string; value: string | number | boolean | null | undefined }>): string {
  return values
    .filter((entry) => entry.value !== null && entry.value !== undefined && entry.value !== '')
    .map((entry) => {
      const text = typeof entry.value === 'boolean' ? (entry.value ? 'yes' : 'no') : String(entry.value);
      return `${entry.name}: ${text.replace(/[\\;]/g, (char) => `\\${char}`)}`;
    })
    .join('; ');
}
