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
