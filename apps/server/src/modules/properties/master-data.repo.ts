import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  properties, propertyAreas, propertyAttributes, propertyAttributeValues, propertyTypeAttributes, propertyTypes,
  type PropertyAreaRow, type PropertyAttributeRow, type PropertyTypeRow,
} from './properties.table';

export async function listTypes(db: DbOrTx): Promise<Array<{ row: PropertyTypeRow; attributeIds: string[] }>> {
  const rows = await db.select().from(propertyTypes).orderBy(sql`lower(${propertyTypes.name})`, asc(propertyTypes.id));
  const links = await db.select().from(propertyTypeAttributes).orderBy(asc(propertyTypeAttributes.position));
  return rows.map((row) => ({ row, attributeIds: links.filter((l) => l.typeId === row.id).map((l) => l.attributeId) }));
}

export async function findType(db: DbOrTx, id: string): Promise<{ row: PropertyTypeRow; attributeIds: string[] } | null> {
  const [row] = await db.select().from(propertyTypes).where(eq(propertyTypes.id, id)).limit(1);
  if (!row) return null;
  const links = await db
    .select({ attributeId: propertyTypeAttributes.attributeId })
    .from(propertyTypeAttributes)
    .where(eq(propertyTypeAttributes.typeId, id))
    .orderBy(asc(propertyTypeAttributes.position));
  return { row, attributeIds: links.map((l) => l.attributeId) };
}

/** The attributes of a type in display order (for the form and the per-type validation). */
export async function attributesOfType(db: DbOrTx, typeId: string): Promise<PropertyAttributeRow[]> {
  const rows = await db
    .select({ attribute: propertyAttributes })
    .from(propertyTypeAttributes)
    .innerJoin(propertyAttributes, eq(propertyAttributes.id, propertyTypeAttributes.attributeId))
    .where(eq(propertyTypeAttributes.typeId, typeId))
    .orderBy(asc(propertyTypeAttributes.position));
  return rows.map((r) => r.attribute);
}

export async function replaceTypeAttributes(db: DbOrTx, typeId: string, attributeIds: readonly string[]): Promise<void> {
  await db.delete(propertyTypeAttributes).where(eq(propertyTypeAttributes.typeId, typeId));
  if (attributeIds.length === 0) return;
  await db.insert(propertyTypeAttributes).values(attributeIds.map((attributeId, position) => ({ typeId, attributeId, position })));
}

export async function existingAttributeIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: propertyAttributes.id }).from(propertyAttributes).where(inArray(propertyAttributes.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function findNamed<T extends typeof propertyTypes | typeof propertyAreas | typeof propertyAttributes>(
  db: DbOrTx,
  table: T,
  name: string,
): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: table.id }).from(table as typeof propertyTypes).where(sql`lower(${table.name}) = ${name.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function countPropertiesOfType(db: DbOrTx, typeId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.propertyTypeId, typeId));
  return row?.n ?? 0;
}

export async function countPropertiesInArea(db: DbOrTx, areaId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.areaId, areaId));
  return row?.n ?? 0;
}

export async function countTypesUsingAttribute(db: DbOrTx, attributeId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(propertyTypeAttributes).where(eq(propertyTypeAttributes.attributeId, attributeId));
  return row?.n ?? 0;
}

export async function countValuesOfAttribute(db: DbOrTx, attributeId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(propertyAttributeValues).where(eq(propertyAttributeValues.attributeId, attributeId));
  return row?.n ?? 0;
}

export async function listAttributes(db: DbOrTx): Promise<PropertyAttributeRow[]> {
  return db.select().from(propertyAttributes).orderBy(sql`lower(${propertyAttributes.name})`, asc(propertyAttributes.id));
}

export async function findAttribute(db: DbOrTx, id: string): Promise<PropertyAttributeRow | null> {
  const [row] = await db.select().from(propertyAttributes).where(eq(propertyAttributes.id, id)).limit(1);
  return row ?? null;
}

export async function listAreas(db: DbOrTx): Promise<PropertyAreaRow[]> {
  return db.select().from(propertyAreas).orderBy(sql`lower(${propertyAreas.name})`, asc(propertyAreas.id));
}

export async function findArea(db: DbOrTx, id: string): Promise<PropertyAreaRow | null> {
  const [row] = await db.select().from(propertyAreas).where(eq(propertyAreas.id, id)).limit(1);
  return row ?? null;
}
