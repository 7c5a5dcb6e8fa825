import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { calendarDate, toCents, type TPropertyGridQuery, type TPropertyStatus, type TPropertyValues } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { leaseSourceOf } from './lease-source';
import { resolveSort } from '../../platform/http/list-sort';
import type { GridRowData } from './properties.presenter';
import { containsPattern } from '../../platform/http/list-search';
import {
  properties, propertyAreas, propertyAttributeValues, propertyImages, propertyTypes, type PropertyImageRow, type PropertyRow,
} from './properties.table';

/**
 * Today as the airport sees it. The time zone comes from System Settings once a module reads
 * them per request; until then the core default zone is used.
 */
export function today(timeZone?: string): string {
  return calendarDate(new Date(), timeZone);
}

/** Inactive (set by staff) wins; otherwise Leased when an agreement covers today; else Active. */
export function derivedStatusSql(scope: PluginScope, day: string): SQL<TPropertyStatus> {
  return sql<TPropertyStatus>`case when ${properties.status} = 'Inactive' then 'Inactive' when ${properties.id} in (${leaseSourceOf(scope).leasedPropertyIds(day)}) then 'Leased' else 'Active' end`;
}

/** The `q` search expression; the trigram index `properties_search_trgm` is built on exactly this. */
export const searchTextSql = sql`lower(${properties.name} || ' ' || ${properties.address} || ' ' || ${properties.description})`;

/** Staff thumbnails: the header's, else the first gallery image's. */
export const thumbKeySql = sql<string | null>`coalesce(${properties.headerThumbKey}, (select ${propertyImages.thumbKey} from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.position}, ${propertyImages.id} limit 1))`;

export function toPropertyColumns(values: TPropertyValues) {
  return {
    name: values.name,
    description: values.description,
    areaId: values.area,
    propertyTypeId: values.propertyType,
    address: values.address,
    rentCents: toCents(values.rent),
    availableDate: values.availableDate,
    visibleToExternal: values.visibletoExternal,
    lat: values.location.lat,
    lon: values.location.lon,
  };
}

export async function findProperty(db: DbOrTx, id: string, forUpdate = false): Promise<PropertyRow | null> {
  const query = db.select().from(properties).where(eq(properties.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPropertyNames(db: DbOrTx, row: PropertyRow): Promise<{ areaName: string; propertyTypeName: string }> {
  const [area] = await db.select({ name: propertyAreas.name }).from(propertyAreas).where(eq(propertyAreas.id, row.areaId));
  const [type] = await db.select({ name: propertyTypes.name }).from(propertyTypes).where(eq(propertyTypes.id, row.propertyTypeId));
  return { areaName: area?.name ?? '', propertyTypeName: type?.name ?? '' };
}

export async function attributeValuesOf(db: DbOrTx, propertyId: string): Promise<Record<string, string>> {
  const rows = await db.select().from(propertyAttributeValues).where(eq(propertyAttributeValues.propertyId, propertyId));
  return Object.fromEntries(rows.map((r) => [r.attributeId, r.value]));
}

/**
 * Store the values of the chosen type's attributes. Values of attributes outside the type are
 * kept (keyed by id): switching a property's type back, or re-adding an attribute to a type,
 * finds them again.
 */
export async function upsertAttributeValues(db: DbOrTx, propertyId: string, values: Record<string, string>, attributeIds: readonly string[]): Promise<void> {
  const rows = attributeIds.map((attributeId) => ({ propertyId, attributeId, value: (values[attributeId] ?? '').trim() }));
  if (rows.length === 0) return;
  await db
    .insert(propertyAttributeValues)
    .values(rows)
    .onConflictDoUpdate({ target: [propertyAttributeValues.propertyId, propertyAttributeValues.attributeId], set: { value: sql`excluded.value` } });
}

export async function imagesOf(db: DbOrTx, propertyId: string): Promise<PropertyImageRow[]> {
  return db.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId)).orderBy(asc(propertyImages.position), asc(propertyImages.id));
}

const GRID_SORTS = {
  name: sql`lower(${properties.name})`,
  description: sql`lower(${properties.description})`,
  address: sql`lower(${properties.address})`,
  propertyType: sql`lower(${propertyTypes.name})`,
  area: sql`lower(${propertyAreas.name})`,
  rent: sql`${properties.rentCents}`,
  availableDate: sql`${properties.availableDate}`,
  createdAt: sql`${properties.createdAt}`,
} as const;

/** The staff grid: paged, sorted (whitelisted keys) and filtered in SQL. */
export async function findPropertiesForGrid(scope: PluginScope, db: DbOrTx, query: TPropertyGridQuery, day: string): Promise<{ rows: GridRowData[]; total: number }> {
  const status = derivedStatusSql(scope, day);
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(searchTextSql, containsPattern(query.q)));
  if (query.propertyType) filters.push(eq(properties.propertyTypeId, query.propertyType));
  if (query.area) filters.push(eq(properties.areaId, query.area));
  if (query.status === 'Inactive') filters.push(eq(properties.status, 'Inactive'));
  else if (query.status) filters.push(sql`${status} = ${query.status}`);
  const where = filters.length > 0 ? and(...filters) : undefined;

  const sort = resolveSort({ ...GRID_SORTS, status: sql`${status}` }, query.sort, { field: 'name', direction: 'asc' });
  const key = sort.by;
  const order = sort.direction === 'desc' ? [desc(key), desc(properties.id)] : [asc(key), asc(properties.id)];

  const rows = await db
    .select({
      id: properties.id,
      name: properties.name,
      description: properties.description,
      address: properties.address,
      propertyTypeId: properties.propertyTypeId,
      propertyTypeName: propertyTypes.name,
      areaId: properties.areaId,
      areaName: propertyAreas.name,
      rentCents: properties.rentCents,
      availableDate: properties.availableDate,
      visibleToExternal: properties.visibleToExternal,
      status,
      thumbKey: thumbKeySql,
    })
    .from(properties)
    .innerJoin(propertyTypes, eq(propertyTypes.id, properties.propertyTypeId))
    .innerJoin(propertyAreas, eq(propertyAreas.id, properties.areaId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(properties).where(where);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function deleteImagesByIds(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(propertyImages).where(inArray(propertyImages.id, ids));
}

/**
 * Who may see a stored image file: returns the owning property's publication flags, or null when
 * no property holds that file.
 */
export async function findImageOwner(db: DbOrTx, file: string): Promise<{ isPublic: boolean } | null> {
  const publicSql = sql<boolean>`(${properties.visibleToExternal} and ${properties.status} = 'Active')`;
  const [header] = await db
    .select({ isPublic: publicSql })
    .from(properties)
    .where(sql`${properties.headerImageKey} = ${file} or ${properties.headerThumbKey} = ${file}`)
    .limit(1);
  if (header) return header;
  const [gallery] = await db
    .select({ isPublic: publicSql })
    .from(propertyImages)
    .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
    .where(sql`${propertyImages.storageKey} = ${file} or ${propertyImages.thumbKey} = ${file}`)
    .limit(1);
  return gallery ?? null;
}

/** For the documents/remarks owner registry: `moduleOwner('Property', propertyExists)`. */
export async function propertyExists(id: string, db: DbOrTx): Promise<boolean> {
  return !!(await findProperty(db, id));
}
