import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ATTRIBUTE_KEY_PREFIX, isCalendarDate, LISTINGS_COUNT_CAP, NUMERIC_ATTRIBUTE_PATTERN, parseSort, type TListingsQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../platform/errors/app-error';
import type { ListingRowData } from './properties.presenter';
import { thumbKeySql } from './properties.repo';
import { properties, propertyAreas, propertyAttributes, propertyAttributeValues, propertyTypes, type PropertyAttributeRow } from './properties.table';

/** What the public may see: published by staff and not Inactive (partial indexes use exactly this). */
export const isPublicSql = sql`${properties.visibleToExternal} and ${properties.status} = 'Active'`;

/** An attribute value as it compares: numbers as numeric (only well-formed ones), dates and text as text. */
function typedValue(attribute: PropertyAttributeRow, column: SQL | typeof propertyAttributeValues.value): SQL {
  if (attribute.attributeType === 'Numeric') {
    return sql`(case when ${column} ~ ${NUMERIC_ATTRIBUTE_PATTERN} then (${column})::numeric end)`;
  }
  if (attribute.attributeType === 'Date') return sql`${column}`;
  return sql`lower(${column})`;
}

async function loadAttribute(db: DbOrTx, key: string, id: string, capability: 'allowFiltering' | 'allowSorting'): Promise<PropertyAttributeRow> {
  const [attribute] = await db.select().from(propertyAttributes).where(eq(propertyAttributes.id, id)).limit(1);
  if (!attribute || !attribute[capability]) {
    throw fieldError(key, capability === 'allowFiltering' ? 'This attribute is not a filter' : 'This attribute is not a sort key');
  }
  return attribute;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `attr.<id>=value` filters. Every piece is a bound parameter: the id must name an attribute that
 * allows filtering, and the value must suit its type (a 400 on `attr.<id>` otherwise).
 */
async function attributeFilters(db: DbOrTx, query: Record<string, unknown>): Promise<SQL[]> {
  const filters: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith(ATTRIBUTE_KEY_PREFIX)) continue;
    const id = key.slice(ATTRIBUTE_KEY_PREFIX.length);
    const value = (Array.isArray(raw) ? raw[0] : raw);
    if (!uuid.test(id)) throw fieldError(key, 'Unknown attribute');
    if (typeof value !== 'string' || !value.trim()) throw fieldError(key, 'Give a value to filter by');
    const attribute = await loadAttribute(db, key, id, 'allowFiltering');
    const wanted = value.trim();
    let comparison: SQL;
    if (attribute.attributeType === 'Numeric') {
      if (!new RegExp(NUMERIC_ATTRIBUTE_PATTERN).test(wanted)) throw fieldError(key, `${attribute.name} must be a number`);
      comparison = sql`${typedValue(attribute, propertyAttributeValues.value)} = ${wanted}::numeric`;
    } else if (attribute.attributeType === 'Date') {
      if (!isCalendarDate(wanted)) throw fieldError(key, `${attribute.name} must be a valid date`);
      comparison = sql`${propertyAttributeValues.value} = ${wanted}`;
    } else {
      comparison = sql`lower(${propertyAttributeValues.value}) = ${wanted.toLowerCase()}`;
    }
    filters.push(
      sql`exists (select 1 from ${propertyAttributeValues} where ${propertyAttributeValues.propertyId} = ${properties.id} and ${propertyAttributeValues.attributeId} = ${id} and ${comparison})`,
    );
  }
  return filters;
}

async function sortOrder(db: DbOrTx, sort: string | undefined): Promise<SQL[]> {
  const parsed = parseSort(sort) ?? { field: 'rent', direction: 'asc' as const };
  const dir = parsed.direction === 'desc' ? sql`desc` : sql`asc`;
  switch (parsed.field) {
    case 'name':
      return [sql`lower(${properties.name}) ${dir}`, sql`${properties.id} ${dir}`];
    case 'availability':
      return [sql`${properties.availableDate} ${dir}`, sql`${properties.id} ${dir}`];
    case 'type':
      return [sql`lower(${propertyTypes.name}) ${dir}`, sql`${properties.rentCents} ${dir}`, sql`${properties.id} ${dir}`];
    case 'rent':
      return [sql`${properties.rentCents} ${dir}`, sql`${properties.id} ${dir}`];
    default: {
      // `attr.<uuid>`: the schema's pattern admits only this shape besides the four names.
      const key = sort!.split(':')[0]!;
      const attribute = await loadAttribute(db, 'sort', key.slice(ATTRIBUTE_KEY_PREFIX.length), 'allowSorting');
      const value = sql`(select ${propertyAttributeValues.value} from ${propertyAttributeValues} where ${propertyAttributeValues.propertyId} = ${properties.id} and ${propertyAttributeValues.attributeId} = ${attribute.id})`;
      return [sql`${typedValue(attribute, value)} ${dir} nulls last`, sql`${properties.id} ${dir}`];
    }
  }
}

/** The public listings page: visible, not Inactive; filtered, sorted and paged in SQL. */
export async function findPublicListings(db: DbOrTx, query: TListingsQuery): Promise<{ rows: ListingRowData[]; total: number; capped: boolean; hasNextPage: boolean }> {
  const filters: SQL[] = [isPublicSql];
  if (query.type) filters.push(eq(properties.propertyTypeId, query.type));
  filters.push(...(await attributeFilters(db, query)));
  const where = and(...filters);
  const order = await sortOrder(db, query.sort);
  const rows = await db
    .select({
      id: properties.id,
      name: properties.name,
      areaName: propertyAreas.name,
      availableDate: properties.availableDate,
      rentCents: properties.rentCents,
      description: properties.description,
      thumbKey: thumbKeySql,
      lat: properties.lat,
      lon: properties.lon,
      typeName: propertyTypes.name,
    })
    .from(properties)
    .innerJoin(propertyTypes, eq(propertyTypes.id, properties.propertyTypeId))
    .innerJoin(propertyAreas, eq(propertyAreas.id, properties.areaId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Count up to the cap or the page's end (whichever is further) + 1: exact below the cap and
  // cheap above it, and it says whether a next page exists past the cap (issue 20: the pages
  // offered had stopped at the cap, hiding every listing after the 1,000th).
  const pageEnd = query.page * query.pageSize;
  const matching = db.select({ one: sql`1` }).from(properties).where(where).limit(Math.max(LISTINGS_COUNT_CAP, pageEnd) + 1).as('matching');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = count?.n ?? 0;
  return { rows, total: Math.min(n, LISTINGS_COUNT_CAP), capped: n > LISTINGS_COUNT_CAP, hasNextPage: n > pageEnd };
}

/** The type filter offers only types with at least one public listing (nothing else would match). */
export async function findListingTypes(db: DbOrTx): Promise<Array<{ _id: string; name: string }>> {
  const rows = await db
    .select({ id: propertyTypes.id, name: propertyTypes.name })
    .from(propertyTypes)
    .where(sql`exists (select 1 from ${properties} where ${properties.propertyTypeId} = ${propertyTypes.id} and ${isPublicSql})`)
    .orderBy(sql`lower(${propertyTypes.name})`, asc(propertyTypes.id));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/** Attributes offered on the public page, with the distinct values in use among public listings. */
export async function findListingAttributes(db: DbOrTx) {
  const attributes = await db
    .select()
    .from(propertyAttributes)
    .where(sql`${propertyAttributes.allowFiltering} or ${propertyAttributes.allowSorting}`)
    .orderBy(sql`lower(${propertyAttributes.name})`);
  return Promise.all(
    attributes.map(async (attribute) => {
      // Distinct values in the attribute's own order: Numeric as numbers (9 before 45.5 before 100).
      const key = typedValue(attribute, propertyAttributeValues.value);
      const values = attribute.allowFiltering
        ? await db
            .select({ value: propertyAttributeValues.value })
            .from(propertyAttributeValues)
            .innerJoin(properties, eq(properties.id, propertyAttributeValues.propertyId))
            .where(and(eq(propertyAttributeValues.attributeId, attribute.id), isPublicSql))
            .groupBy(propertyAttributeValues.value)
            .orderBy(sql`min(${key}) asc nulls last`, propertyAttributeValues.value)
            .limit(50)
        : [];
      return {
        _id: attribute.id,
        name: attribute.name,
        attributeType: attribute.attributeType as 'Text' | 'Numeric' | 'Date',
        allowFiltering: attribute.allowFiltering,
        allowSorting: attribute.allowSorting,
        values: values.map((v) => v.value),
      };
    }),
  );
}
