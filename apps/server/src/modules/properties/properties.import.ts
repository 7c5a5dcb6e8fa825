import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_PROPERTY_LOCATION, PROPERTY_IMPORT_COLUMNS, SETTABLE_PROPERTY_STATUSES, ZLocation, ZPropertyInput, fromCents, propertyAttributeErrors, toCents,
  formatNamedValuesCell, parseNamedValuesCell, zRequiredText, type ImportIssue, type NamedValue,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { properties, propertyAreas, propertyAttributes, propertyAttributeValues, propertyTypeAttributes, propertyTypes } from './properties.table';

/**
 * The `properties` kind (issue 23): a listing per row, its type and area by name (they must exist
 * in Settings), its custom attributes as 'Name: value; ...' (the assets' fields are written the same way). Re-imports match by external id.
 * Imported properties publish no "Created" events: a file of 5,000 listings is not 5,000 notices.
 */
const ZAttributePairs = z
  .string()
  .optional()
  .transform((cell, ctx): NamedValue[] => {
    const read = parseNamedValuesCell(cell ?? '');
    if ('error' in read) {
      ctx.addIssue({ code: 'custom', message: read.error });
      return [];
    }
    return read.pairs;
  });

export const ZPropertyImportRow = z
  .object({
    externalId: zRequiredText('External id', 200),
    name: ZPropertyInput.shape.name,
    propertyType: zRequiredText('Type', 200),
    area: zRequiredText('Area', 200),
    description: ZPropertyInput.shape.description,
    address: ZPropertyInput.shape.address,
    rent: ZPropertyInput.shape.rent,
    status: z.enum(SETTABLE_PROPERTY_STATUSES, { error: 'Status must be Active or Inactive' }).default('Active'),
    availableDate: ZPropertyInput.shape.availableDate,
    visibleToExternal: z.boolean().default(false),
    latitude: ZLocation.shape.lat.optional(),
    longitude: ZLocation.shape.lon.optional(),
    attributes: ZAttributePairs,
  })
  .superRefine((row, ctx) => {
    if ((row.latitude === undefined) !== (row.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: [row.latitude === undefined ? 'latitude' : 'longitude'], message: 'Give both latitude and longitude, or neither' });
    }
  });
export type TPropertyImportRow = z.output<typeof ZPropertyImportRow>;

/** A row's columns as the properties table keeps them (attributes by id, every attribute of the type). */
interface PropertyValues {
  name: string;
  description: string;
  areaId: string;
  propertyTypeId: string;
  address: string;
  rentCents: number;
  availableDate: string | null;
  visibleToExternal: boolean;
  lat: number | null;
  lon: number | null;
  status: string;
  attributes: Record<string, string>;
}

type TypeAttribute = { _id: string; name: string; attributeType: 'Text' | 'Numeric' | 'Date' };

interface MasterData {
  types: Map<string, { id: string; name: string; attributes: TypeAttribute[] }>;
  areas: Map<string, string>;
}

async function loadMasterData(db: DbOrTx): Promise<MasterData> {
  // One after the other: in a transaction they share one connection.
  const types = await db.select({ id: propertyTypes.id, name: propertyTypes.name }).from(propertyTypes);
  const areas = await db.select({ id: propertyAreas.id, name: propertyAreas.name }).from(propertyAreas);
  const typeAttributes = await db
    .select({ typeId: propertyTypeAttributes.typeId, id: propertyAttributes.id, name: propertyAttributes.name, attributeType: propertyAttributes.attributeType })
    .from(propertyTypeAttributes)
    .innerJoin(propertyAttributes, eq(propertyAttributes.id, propertyTypeAttributes.attributeId))
    .orderBy(asc(propertyTypeAttributes.position));
  const byType = new Map<string, TypeAttribute[]>();
  for (const a of typeAttributes) byType.set(a.typeId, [...(byType.get(a.typeId) ?? []), { _id: a.id, name: a.name, attributeType: a.attributeType as 'Text' | 'Numeric' | 'Date' }]);
  return {
    types: new Map(types.map((t) => [t.name.toLowerCase(), { id: t.id, name: t.name, attributes: byType.get(t.id) ?? [] }])),
    areas: new Map(areas.map((a) => [a.name.toLowerCase(), a.id])),
  };
}

/** A row's names resolved to ids, or its issues (unknown type or area, attribute rules of the type). */
function resolveRow(master: MasterData, staged: StagedRow<TPropertyImportRow>): { values: PropertyValues | null; issues: ImportIssue[] } {
  const row = staged.value;
  const issues: ImportIssue[] = [];
  const type = master.types.get(row.propertyType.toLowerCase());
  const areaId = master.areas.get(row.area.toLowerCase());
  if (!type) issues.push({ row: staged.row, column: 'propertyType', message: `No property type "${row.propertyType}" in Settings` });
  if (!areaId) issues.push({ row: staged.row, column: 'area', message: `No area "${row.area}" in Settings` });
  if (!type || !areaId) return { values: null, issues };
  const attributes: Record<string, string> = {};
  for (const pair of row.attributes) {
    const attribute = type.attributes.find((a) => a.name.toLowerCase() === pair.name.toLowerCase());
    if (!attribute) issues.push({ row: staged.row, column: 'attributes', message: `"${pair.name}" is not an attribute of type ${type.name}` });
    else attributes[attribute._id] = pair.value;
  }
  for (const message of Object.values(propertyAttributeErrors(attributes, type.attributes))) issues.push({ row: staged.row, column: 'attributes', message });
  const values: PropertyValues = {
    name: row.name, description: row.description, areaId, propertyTypeId: type.id, address: row.address, rentCents: toCents(row.rent),
    availableDate: row.availableDate, visibleToExternal: row.visibleToExternal, lat: row.latitude ?? null, lon: row.longitude ?? null, status: row.status,
    attributes: Object.fromEntries(type.attributes.map((a) => [a._id, attributes[a._id] ?? ''])),
  };
  return { values: issues.length === 0 ? values : null, issues };
}

type ExistingProperty = Omit<PropertyValues, 'lat' | 'lon'> & { id: string; externalId: string; lat: number; lon: number };

async function findByExternalIds(tx: DbOrTx, externalIds: string[]): Promise<Map<string, ExistingProperty>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx.select().from(properties).where(sql`${properties.externalId} in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))`);
  const values = rows.length === 0 ? [] : await tx
    .select()
    .from(propertyAttributeValues)
    .where(sql`${propertyAttributeValues.propertyId} in (select (jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))::uuid)`);
  const attributesOf = new Map<string, Record<string, string>>();
  for (const v of values) attributesOf.set(v.propertyId, { ...(attributesOf.get(v.propertyId) ?? {}), [v.attributeId]: v.value });
  return new Map(rows.map((r) => [r.externalId!, {
    id: r.id, externalId: r.externalId!, name: r.name, description: r.description, areaId: r.areaId, propertyTypeId: r.propertyTypeId, address: r.address,
    rentCents: r.rentCents, availableDate: r.availableDate, visibleToExternal: r.visibleToExternal, lat: r.lat, lon: r.lon, status: r.status,
    attributes: attributesOf.get(r.id) ?? {},
  }]));
}

function isUnchanged(existing: ExistingProperty, next: ExistingProperty): boolean {
  const { attributes: a, ...left } = existing;
  const { attributes: b, ...right } = next;
  return JSON.stringify(left) === JSON.stringify({ ...left, ...right }) && Object.entries(b).every(([id, value]) => (a[id] ?? '') === value);
}

/** Column values as the set-based update reads them (jsonb_to_recordset). */
function updateRecord(p: ExistingProperty) {
  return {
    id: p.id, name: p.name, description: p.description, area_id: p.areaId, property_type_id: p.propertyTypeId, address: p.address, rent_cents: p.rentCents,
    available_date: p.availableDate, visible_to_external: p.visibleToExternal, lat: p.lat, lon: p.lon, status: p.status,
  };
}

async function updateProperties(tx: Tx, rows: ExistingProperty[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update properties p set name = u.name, description = u.description, area_id = u.area_id, property_type_id = u.property_type_id,
      address = u.address, rent_cents = u.rent_cents, available_date = u.available_date, visible_to_external = u.visible_to_external,
      lat = u.lat, lon = u.lon, status = u.status, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows.map(updateRecord))}::jsonb) as u(id uuid, name text, description text, area_id uuid,
      property_type_id uuid, address text, rent_cents int, available_date date, visible_to_external boolean, lat float8, lon float8, status text)
    where p.id = u.id`);
}

async function writeAttributeValues(tx: Tx, rows: ReadonlyArray<{ id: string; attributes: Record<string, string> }>): Promise<void> {
  const values = rows.flatMap((row) => Object.entries(row.attributes).map(([attributeId, value]) => ({ property_id: row.id, attribute_id: attributeId, value })));
  if (values.length === 0) return;
  await tx.execute(sql`
    insert into property_attribute_values (property_id, attribute_id, value)
    select v.property_id, v.attribute_id, v.value from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(property_id uuid, attribute_id uuid, value text)
    on conflict (property_id, attribute_id) do update set value = excluded.value`);
}

/** New properties in one statement with one parameter; answers their ids by external id. */
async function insertProperties(tx: Tx, rows: ReadonlyArray<Omit<ExistingProperty, 'id'>>): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const records = rows.map((p) => ({ ...updateRecord({ ...p, id: '' }), id: undefined, external_id: p.externalId }));
  const inserted = await tx.execute(sql`
    insert into properties (external_id, name, description, area_id, property_type_id, address, rent_cents, available_date, visible_to_external, lat, lon, status)
    select u.external_id, u.name, u.description, u.area_id, u.property_type_id, u.address, u.rent_cents, u.available_date, u.visible_to_external, u.lat, u.lon, u.status
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as u(external_id text, name text, description text, area_id uuid,
      property_type_id uuid, address text, rent_cents int, available_date date, visible_to_external boolean, lat float8, lon float8, status text)
    returning id, external_id`);
  return new Map(rowsOf<{ id: string; external_id: string }>(inserted).map((row) => [row.external_id, row.id]));
}

function snapshot(p: ExistingProperty): Record<string, unknown> {
  const { id: _id, ...rest } = p;
  return rest;
}

async function commitProperties(tx: Tx, rows: readonly StagedRow<TPropertyImportRow>[], track: (records: TrackedRecord[]) => Promise<void>): Promise<void> {
  const master = await loadMasterData(tx);
  const existing = await findByExternalIds(tx, rows.map((row) => row.externalId));
  const creates: Array<Omit<ExistingProperty, 'id'>> = [];
  const updates: Array<{ before: ExistingProperty; after: ExistingProperty }> = [];
  for (const staged of rows) {
    const { values, issues } = resolveRow(master, staged);
    if (!values) throw new Error(`Row ${staged.row}: ${issues.map((issue) => issue.message).join('; ')}`);
    const found = existing.get(staged.externalId);
    const location = { lat: values.lat ?? found?.lat ?? DEFAULT_PROPERTY_LOCATION.lat, lon: values.lon ?? found?.lon ?? DEFAULT_PROPERTY_LOCATION.lon };
    const next = { ...values, ...location, externalId: staged.externalId };
    if (!found) creates.push(next);
    else if (!isUnchanged(found, { ...next, id: found.id })) updates.push({ before: found, after: { ...next, id: found.id } });
  }
  const idOf = await insertProperties(tx, creates);
  const createdRows = creates.map((row) => ({ ...row, id: idOf.get(row.externalId)! }));
  await updateProperties(tx, updates.map((u) => u.after));
  await writeAttributeValues(tx, [...createdRows, ...updates.map((u) => u.after)]);
  await track([
    ...createdRows.map((row): TrackedRecord => ({ entity: 'property', id: row.id, action: 'created', after: snapshot(row) })),
    ...updates.map((u): TrackedRecord => ({ entity: 'property', id: u.before.id, action: 'updated', before: snapshot(u.before), after: snapshot(u.after) })),
  ]);
}

async function undoProperties(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  const createdIds = records.filter((r) => r.entity === 'property' && r.action === 'created').map((r) => r.id);
  for (let at = 0; at < createdIds.length; at += 5000) await tx.delete(properties).where(inArray(properties.id, createdIds.slice(at, at + 5000)));
  const restored = records
    .filter((r) => r.entity === 'property' && r.action === 'updated' && r.before)
    .map((r) => ({ ...(r.before as Omit<ExistingProperty, 'id'>), id: r.id }));
  await updateProperties(tx, restored);
  await writeAttributeValues(tx, restored);
}

/** The airport's properties in the template's columns, a page at a time. */
async function* exportProperties(db: Db): AsyncIterable<Record<string, string>> {
  const master = await loadMasterData(db);
  const typeNames = new Map([...master.types.values()].map((t) => [t.id, t]));
  const areaNames = new Map([...master.areas].map(([, id]) => [id, id]));
  const areas = await db.select({ id: propertyAreas.id, name: propertyAreas.name }).from(propertyAreas);
  for (const a of areas) areaNames.set(a.id, a.name);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await db.select().from(properties).where(gt(properties.id, after)).orderBy(asc(properties.id)).limit(1000);
    if (page.length === 0) return;
    const values = await db.select().from(propertyAttributeValues).where(inArray(propertyAttributeValues.propertyId, page.map((p) => p.id)));
    const valueOf = new Map(values.map((v) => [`${v.propertyId}/${v.attributeId}`, v.value]));
    for (const p of page) {
      const type = typeNames.get(p.propertyTypeId);
      const attributes = formatNamedValuesCell((type?.attributes ?? []).map((a) => ({ name: a.name, value: valueOf.get(`${p.id}/${a._id}`) })));
      yield {
        externalId: p.externalId ?? p.id, name: p.name, propertyType: type?.name ?? '', area: areaNames.get(p.areaId) ?? '', description: p.description,
        address: p.address, rent: fromCents(p.rentCents).toFixed(2), status: p.status, availableDate: p.availableDate ?? '',
        visibleToExternal: p.visibleToExternal ? 'yes' : 'no', latitude: String(p.lat), longitude: String(p.lon), attributes,
      };
    }
    after = page[page.length - 1]!.id;
  }
}

export const propertiesImport: ImportKind<TPropertyImportRow> = {
  kind: 'properties',
  columns: PROPERTY_IMPORT_COLUMNS,
  schema: ZPropertyImportRow,
  async check(db, rows) {
    const master = await loadMasterData(db);
    return rows.flatMap((row) => resolveRow(master, row).issues);
  },
  commit: (tx, rows, ctx) => commitProperties(tx, rows, (records) => ctx.track(tx, records)),
  undo: (tx, records) => undoProperties(tx, records),
  exportRows: exportProperties,
};
