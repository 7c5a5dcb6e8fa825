import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAssetFieldConfig, TAssetFieldValue } from '@apron/core/assets/index';
import { airportColumn } from '../../platform/tenancy/airport-column';
import { nextNumberDefault } from '../../platform/tenancy/numbering';

/**
 * Master assets (asset types): name, description, enabled, colour, the form every asset of the
 * type fills, and the field configuration (kept with the master: it is always read whole).
 */
export const assetMasters = pgTable(
  'asset_masters',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    status: boolean().notNull().default(true),
    color: text().notNull(),
    /** The form (forms module) an asset of this type fills. */
    formId: text().notNull(),
    fields: jsonb().$type<TAssetFieldConfig[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('asset_masters_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
    index('asset_masters_name_idx').on(t.airportId, sql`lower(${t.name})`, t.id),
  ],
);

/**
 * Assets. Configured values live in `values` (jsonb, what the API shows); the typed copy in
 * `asset_field_values` is what the list filters and sorts by. The map reads the GiST index on
 * point(lon, lat) for a viewport.
 */
export const assets = pgTable(
  'assets',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    masterId: uuid()
      .notNull()
      .references(() => assetMasters.id, { onDelete: 'restrict' }),
    /** Numbered per airport by its 'asset' counter (platform/tenancy/numbering.ts). */
    assetNumber: integer().notNull().default(nextNumberDefault('asset')),
    status: boolean().notNull().default(true),
    lon: doublePrecision().notNull(),
    lat: doublePrecision().notNull(),
    values: jsonb().$type<Record<string, TAssetFieldValue>>().notNull().default(sql`'{}'::jsonb`),
    /** The master form's answers. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The version of the master's form the answers were given on (a later form change keeps them readable). */
    formVersion: integer(),
    createdBy: uuid(),
    /** The asset's id in the airport's old register (imports, issue 23): re-importing it updates the asset. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assets_external_id_idx').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
    check('assets_location_check', sql`${t.lat} between -90 and 90 and ${t.lon} between -180 and 180`),
    index('assets_number_idx').on(t.airportId, t.assetNumber),
    // The list's default order (newest first) within a type, and across types.
    index('assets_master_created_idx').on(t.masterId, t.createdAt, t.id),
    index('assets_created_idx').on(t.airportId, t.createdAt, t.id),
    // The map's viewport query: point(lon, lat) <@ box(...).
    index('assets_location_gist').using('gist', sql`point(${t.lon}, ${t.lat})`),
  ],
);

/**
 * One row per asset and configured field (null when empty), typed for filtering and sorting:
 * String as lower-case text, Date as 'YYYY-MM-DD', Boolean as 'true'/'false' in `value_text`;
 * Number in `value_number`. A sort by a field walks (master, field, value, asset).
 */
export const assetFieldValues = pgTable(
  'asset_field_values',
  {
    airportId: airportColumn(),
    assetId: uuid()
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    masterId: uuid().notNull(),
    fieldName: text().notNull(),
    valueText: text(),
    valueNumber: doublePrecision(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.fieldName] }),
    index('asset_field_values_text_idx').on(t.masterId, t.fieldName, t.valueText, t.assetId),
    index('asset_field_values_number_idx').on(t.masterId, t.fieldName, t.valueNumber, t.assetId),
    index('asset_field_values_trgm_idx').using('gin', sql`${t.valueText} gin_trgm_ops`),
  ],
);

export type AssetMasterRow = typeof assetMasters.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
