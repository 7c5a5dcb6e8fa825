import { sql } from 'drizzle-orm';
import {
  boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

/** Property types (T-hangar, office ...); a type lists the custom attributes its properties carry. */
export const propertyTypes = pgTable(
  'property_types',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('property_types_name_unique').on(t.airportId, sql`lower(${t.name})`)],
);

export const propertyAttributes = pgTable(
  'property_attributes',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    attributeType: text().notNull(),
    allowFiltering: boolean().notNull().default(false),
    allowSorting: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('property_attributes_name_unique').on(t.airportId, sql`lower(${t.name})`),
    check('property_attributes_type_check', sql`${t.attributeType} in ('Text', 'Numeric', 'Date')`),
  ],
);

/** Which attributes a type carries, in display order. */
export const propertyTypeAttributes = pgTable(
  'property_type_attributes',
  {
    airportId: airportColumn(),
    typeId: uuid().notNull().references(() => propertyTypes.id, { onDelete: 'cascade' }),
    attributeId: uuid().notNull().references(() => propertyAttributes.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.attributeId] }), index('property_type_attributes_attr_idx').on(t.attributeId)],
);

export const propertyAreas = pgTable(
  'property_areas',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('property_areas_name_unique').on(t.airportId, sql`lower(${t.name})`)],
);

/**
 * Listings. `status` holds only what staff set (Active / Inactive); Leased is derived from an
 * agreement covering today. The public-list indexes are partial on what the public sees, so the
 * first page costs the same at 1k or 100k rows (issue 3 item 13); they live in the custom
 * migration `properties_indexes` because drizzle-kit cannot express all of them.
 */
export const properties = pgTable(
  'properties',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    areaId: uuid().notNull().references(() => propertyAreas.id, { onDelete: 'restrict' }),
    propertyTypeId: uuid().notNull().references(() => propertyTypes.id, { onDelete: 'restrict' }),
    address: text().notNull(),
    rentCents: integer().notNull(),
    availableDate: date({ mode: 'string' }),
    visibleToExternal: boolean().notNull().default(false),
    lon: doublePrecision().notNull(),
    lat: doublePrecision().notNull(),
    status: text().notNull().default('Active'),
    headerImageKey: text(),
    headerThumbKey: text(),
    /** The property's id in the airport's old system (imports, issue 23): re-imports update by it. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('properties_rent_positive', sql`${t.rentCents} > 0`),
    check('properties_status_check', sql`${t.status} in ('Active', 'Inactive')`),
    check('properties_location_check', sql`${t.lat} between -90 and 90 and ${t.lon} between -180 and 180`),
    index('properties_type_idx').on(t.propertyTypeId, t.id),
    index('properties_area_idx').on(t.areaId),
    index('properties_status_idx').on(t.airportId, t.status),
    index('properties_created_idx').on(t.airportId, t.createdAt),
    uniqueIndex('properties_header_image_idx').on(t.headerImageKey),
    uniqueIndex('properties_header_thumb_idx').on(t.headerThumbKey),
    uniqueIndex('properties_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Custom attribute values, keyed by attribute id (renaming or reordering loses nothing). */
export const propertyAttributeValues = pgTable(
  'property_attribute_values',
  {
    airportId: airportColumn(),
    propertyId: uuid().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    attributeId: uuid().notNull().references(() => propertyAttributes.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.attributeId] }), index('property_attribute_values_filter_idx').on(t.attributeId, t.value)],
);

export const propertyImages = pgTable(
  'property_images',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    propertyId: uuid().notNull().references(() => properties.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    thumbKey: text().notNull(),
    contentType: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_images_property_idx').on(t.propertyId, t.position),
    uniqueIndex('property_images_storage_idx').on(t.storageKey),
    uniqueIndex('property_images_thumb_idx').on(t.thumbKey),
  ],
);

export type PropertyRow = typeof properties.$inferSelect;
export type PropertyTypeRow = typeof propertyTypes.$inferSelect;
export type PropertyAttributeRow = typeof propertyAttributes.$inferSelect;
export type PropertyAreaRow = typeof propertyAreas.$inferSelect;
export type PropertyImageRow = typeof propertyImages.$inferSelect;
