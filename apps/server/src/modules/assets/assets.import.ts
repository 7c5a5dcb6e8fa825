import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ASSET_IMPORT_COLUMNS, formatNamedValuesCell, parseNamedValuesCell, type NamedValue, type ImportIssue } from '@apron/core';
import {
  ASSET_MESSAGES, DEFAULT_ASSET_LOCATION, ZAssetLocation, readAssetFieldValue, type TAssetFieldConfig, type TAssetFieldValue,
} from '@apron/core/assets/index';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { insertFieldRows } from './asset-seed';
import { AppError } from '../../platform/errors/app-error';
import type { ImportKind, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { takeNumbers } from '../../platform/tenancy/numbering';
import { getFormVersion } from '../forms/index';
import { listMasters } from './asset-masters.repo';
import type { AssetMasterRow } from './assets.table';

/**
 * The `assets` import kind (issue 23, docs/import.md "Assets"): assets of several types in one file,
 * the type by name and its configured fields in the `fields` cell, read by the same rules as the
 * asset form and CreateAsset (`readAssetFieldValue`). New assets are numbered from the airport's
 * asset counter, one block per chunk. An import publishes no asset events (no notification per
 * imported asset); the audit log has every record with its batch.
 */
export interface TAssetImportRow {
  externalId: string;
  master: string;
  status?: boolean;
  latitude?: number;
  longitude?: number;
  fields: NamedValue[];
}

const optionalCoordinate = (shape: z.ZodType) => z.preprocess((value) => (value === '' ? undefined : value), shape.optional());

export const ZAssetImportRow = z
  .object({
    externalId: z.string().trim().min(1, 'External id is required').max(200, 'External id must be at most 200 characters'),
    master: z.string({ error: ASSET_MESSAGES.chooseType }).trim().min(1, ASSET_MESSAGES.chooseType),
    status: z.boolean({ error: 'Active must be yes or no' }).optional(),
    latitude: optionalCoordinate(ZAssetLocation.shape.lat),
    longitude: optionalCoordinate(ZAssetLocation.shape.lon),
    fields: z
      .string()
      .optional()
      .transform((cell, ctx) => {
        const read = parseNamedValuesCell(cell ?? '');
        if ('error' in read) {
          ctx.addIssue({ code: 'custom', message: read.error });
          return z.NEVER;
        }
        return read.pairs;
      }),
  })
  .superRefine((row, ctx) => {
    if ((row.latitude === undefined) !== (row.longitude === undefined)) {
      const missing = row.latitude === undefined ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither' });
    }
  }) as unknown as z.ZodType<TAssetImportRow>;

/** What one row writes: the asset's columns once its type and values are read. */
interface ResolvedAsset {
  row: number;
  externalId: string;
  master: AssetMasterRow;
  status: boolean | undefined;
  location: { lat: number; lon: number } | undefined;
  values: Record<string, TAssetFieldValue>;
}

const BOOLEAN_WORDS: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A cell's text as the asset form would send it: yes/no as booleans, MM/DD/YYYY as an ISO date. */
function formValue(field: TAssetFieldConfig, text: string): unknown {
  if (field.fieldType === 'Boolean') return BOOLEAN_WORDS[text.toLowerCase()] ?? text;
  const us = field.fieldType === 'Date' ? US_DATE.exec(text) : null;
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return text;
}

/** Reads the `fields` pairs against the type's configuration: the values, or the messages. */
function readValues(master: AssetMasterRow, pairs: readonly NamedValue[]): { values: Record<string, TAssetFieldValue> } | { errors: string[] } {
  const byName = new Map<string, TAssetFieldConfig>();
  for (const field of master.fields) {
    byName.set(field.fieldName.toLowerCase(), field);
    byName.set(field.fieldLabel.toLowerCase(), field);
  }
  const given = new Map<string, string>();
  const errors: string[] = [];
  for (const pair of pairs) {
    const field = byName.get(pair.name.toLowerCase());
    if (!field) errors.push(`${master.name} has no field ${pair.name}`);
    else if (given.has(field.fieldName)) errors.push(`${field.fieldLabel} is given twice`);
    else given.set(field.fieldName, pair.value);
  }
  const values: Record<string, TAssetFieldValue> = {};
  for (const field of master.fields) {
    const text = given.get(field.fieldName);
    const read = readAssetFieldValue(field, text === undefined ? null : formValue(field, text));
    if ('error' in read) errors.push(read.error);
    else values[field.fieldName] = read.value;
  }
  return errors.length > 0 ? { errors } : { values };
}

/** A text[] (or uuid[]) of `values` sent as ONE jsonb parameter: no bind-parameter limit per chunk. */
const arrayOf = (values: readonly string[], type: 'text' | 'uuid') =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::${sql.raw(type)})`;

/** Every master of the airport by lower-cased name (a handful: one query, not one per row). */
async function mastersByName(db: DbOrTx): Promise<Map<string, AssetMasterRow>> {
  return new Map((await listMasters(db)).map((master) => [master.name.trim().toLowerCase(), master]));
}

interface ExistingAsset {
  id: string;
  externalId: string | null;
  masterId: string;
  status: boolean;
  lat: number;
  lon: number;
  values: Record<string, TAssetFieldValue>;
  data: Record<string, unknown>;
  formVersion: number | null;
}

/**
 * The airport's assets these external ids name: by `external_id`, or, for an asset made in Apron
 * (no external id), by its own id, which is what the export writes as its external id, so an
 * exported file edited and imported again updates the assets instead of copying them.
 */
async function findExisting(db: DbOrTx, externalIds: readonly string[]): Promise<Map<string, ExistingAsset>> {
  if (externalIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select id, external_id, master_id, status, lat, lon, values, data, form_version from assets
    where external_id = any(${arrayOf(externalIds, 'text')})
       or (external_id is null and id::text = any(${arrayOf(externalIds, 'text')}))`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const found = new Map<string, ExistingAsset>();
  for (const row of rows) {
    const asset: ExistingAsset = {
      id: String(row.id), externalId: (row.external_id as string | null) ?? null, masterId: String(row.master_id), status: Boolean(row.status),
      lat: Number(row.lat), lon: Number(row.lon), values: row.values as ExistingAsset['values'], data: row.data as ExistingAsset['data'],
      formVersion: row.form_version === null ? null : Number(row.form_version),
    };
    found.set(asset.externalId ?? asset.id, asset);
  }
  return found;
}

/** Resolves every row's type and values; the issues name the row and column. */
async function resolveRows(db: DbOrTx, rows: readonly StagedRow<TAssetImportRow>[]) {
  const masters = await mastersByName(db);
  const existing = await findExisting(db, rows.map((row) => row.externalId));
  const issues: ImportIssue[] = [];
  const resolved: ResolvedAsset[] = [];
  for (const { row, externalId, value } of rows) {
    const master = masters.get(value.master.trim().toLowerCase());
    if (!master) {
      issues.push({ row, column: 'master', message: `There is no asset type named ${value.master}: add it under Settings -> Master Asset first` });
      continue;
    }
    const current = existing.get(externalId);
    // As in the API: keeping a (since disabled) type is fine; a new asset or a move needs an enabled one.
    if (!master.status && current?.masterId !== master.id) {
      issues.push({ row, column: 'master', message: ASSET_MESSAGES.typeDisabled });
      continue;
    }
    const read = readValues(master, value.fields);
    if ('errors' in read) {
      for (const message of read.errors) issues.push({ row, column: 'fields', message });
      continue;
    }
    const location = value.latitude !== undefined && value.longitude !== undefined ? { lat: value.latitude, lon: value.longitude } : undefined;
    resolved.push({ row, externalId, master, status: value.status, location, values: read.values });
  }
  return { issues, resolved, existing };
}

/** What an update would change of the asset, or null when the row says what the asset already holds. */
function changesOf(current: ExistingAsset, next: ResolvedAsset) {
  const status = next.status ?? current.status;
  const location = next.location ?? { lat: current.lat, lon: current.lon };
  const sameValues = next.master.fields.every((field) => (current.values[field.fieldName] ?? null) === next.values[field.fieldName]);
  const unchanged = current.masterId === next.master.id && current.status === status && current.lat === location.lat && current.lon === location.lon && sameValues;
  return unchanged ? null : { status, location };
}

/** The typed rows (asset_field_values) of these assets, rebuilt from their values in one statement. */
async function rebuildTypedRows(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from asset_field_values where asset_id = any(${arrayOf(ids, 'uuid')})`);
  await insertFieldRows(tx, sql`a.id = any(${arrayOf(ids, 'uuid')})`);
}

/** The form version a new asset of each type is pinned to (as CreateAsset does), one read per type. */
async function formVersions(tx: Tx, masters: Iterable<AssetMasterRow>): Promise<Map<string, number | null>> {
  const versions = new Map<string, number | null>();
  for (const master of masters) {
    if (!versions.has(master.id)) versions.set(master.id, (await getFormVersion(tx, master.formId))?.version ?? null);
  }
  return versions;
}

const snapshot = (asset: Omit<ExistingAsset, 'id'>) => ({
  externalId: asset.externalId, masterId: asset.masterId, status: asset.status, lat: asset.lat, lon: asset.lon,
  values: asset.values, data: asset.data, formVersion: asset.formVersion,
});

async function commitAssets(tx: Tx, rows: readonly StagedRow<TAssetImportRow>[], track: (records: TrackedRecord[]) => Promise<void>, actorId: string | null) {
  const { issues, resolved, existing } = await resolveRows(tx, rows);
  if (issues.length > 0) throw new AppError('VALIDATION', `Row ${issues[0]!.row}: ${issues[0]!.message}`);
  const versions = await formVersions(tx, new Set(resolved.map((asset) => asset.master)));
  const fresh = resolved.filter((asset) => !existing.has(asset.externalId));
  const tracked: TrackedRecord[] = [];

  if (fresh.length > 0) {
    const records = fresh.map((asset, index) => ({
      ord: index + 1, external_id: asset.externalId, master_id: asset.master.id, status: asset.status ?? true,
      lat: asset.location?.lat ?? DEFAULT_ASSET_LOCATION.lat, lon: asset.location?.lon ?? DEFAULT_ASSET_LOCATION.lon,
      values: asset.values, form_version: versions.get(asset.master.id) ?? null,
    }));
    // One block of the airport's asset numbers for the chunk, given in file order.
    const result = await tx.execute(sql`
      with block as (select ${takeNumbers('asset', sql`${records.length}::int`)} as first)
      insert into assets (asset_number, external_id, master_id, status, lat, lon, values, form_version, created_by)
      select (select first from block) + x.ord - 1, x.external_id, x.master_id, x.status, x.lat, x.lon, x.values, x.form_version, ${actorId}::uuid
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as x(external_id text, master_id uuid, status boolean, lat float8, lon float8, values jsonb, form_version int, ord bigint)
      returning id, external_id, asset_number`);
    for (const row of (result as unknown as { rows: Array<{ id: string; external_id: string; asset_number: number }> }).rows) {
      const asset = fresh.find((candidate) => candidate.externalId === row.external_id)!;
      tracked.push({ entity: 'asset', id: row.id, action: 'created', after: { externalId: row.external_id, assetNumber: Number(row.asset_number), masterId: asset.master.id, values: asset.values } });
    }
  }

  const updates: Array<{ id: string; master_id: string; status: boolean; lat: number; lon: number; values: Record<string, TAssetFieldValue>; moved: boolean; form_version: number | null }> = [];
  for (const asset of resolved) {
    const current = existing.get(asset.externalId);
    const change = current && changesOf(current, asset);
    if (!current || !change) continue;
    const moved = current.masterId !== asset.master.id;
    updates.push({
      id: current.id, master_id: asset.master.id, status: change.status, lat: change.location.lat, lon: change.location.lon, values: asset.values, moved,
      // Moving to another type starts its form afresh, as UpdateAsset does.
      form_version: moved ? (versions.get(asset.master.id) ?? null) : current.formVersion,
    });
    tracked.push({
      entity: 'asset', id: current.id, action: 'updated', before: snapshot(current),
      after: { masterId: asset.master.id, status: change.status, lat: change.location.lat, lon: change.location.lon, values: asset.values },
    });
  }
  if (updates.length > 0) {
    await tx.execute(sql`
      update assets a set master_id = x.master_id, status = x.status, lat = x.lat, lon = x.lon, values = x.values,
        data = case when x.moved then '{}'::jsonb else a.data end, form_version = x.form_version, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        as x(id uuid, master_id uuid, status boolean, lat float8, lon float8, values jsonb, moved boolean, form_version int)
      where a.id = x.id`);
  }
  await rebuildTypedRows(tx, tracked.map((record) => record.id));
  await track(tracked);
}

async function undoAssets(tx: Tx, records: readonly TrackedRecord[]): Promise<void> {
  const created = records.filter((record) => record.action === 'created').map((record) => record.id);
  if (created.length > 0) await tx.execute(sql`delete from assets where id = any(${arrayOf(created, 'uuid')})`);
  const restored = records
    .filter((record) => record.action === 'updated' && record.before)
    .map((record) => ({ id: record.id, ...(record.before as ReturnType<typeof snapshot>) }));
  if (restored.length === 0) return;
  await tx.execute(sql`
    update assets a set external_id = x."externalId", master_id = x."masterId", status = x.status, lat = x.lat, lon = x.lon,
      values = x.values, data = x.data, form_version = x."formVersion", updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(restored)}::jsonb)
      as x(id uuid, "externalId" text, "masterId" uuid, status boolean, lat float8, lon float8, values jsonb, data jsonb, "formVersion" int)
    where a.id = x.id`);
  await rebuildTypedRows(tx, restored.map((record) => record.id));
}

/** The airport's assets in the template's columns, type by type and in number order, read in pages. */
async function* exportAssets(db: Db): AsyncIterable<Record<string, string>> {
  const masters = new Map((await listMasters(db)).map((master) => [master.id, master]));
  const PAGE = 1000;
  let after = 0;
  for (;;) {
    const result = await db.execute(sql`
      select id, external_id, master_id, status, lat, lon, values, asset_number from assets
      where asset_number > ${after} order by asset_number limit ${PAGE}`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    for (const row of rows) {
      const master = masters.get(String(row.master_id))!;
      const values = row.values as Record<string, TAssetFieldValue>;
      yield {
        externalId: (row.external_id as string | null) ?? String(row.id),
        master: master.name,
        status: row.status ? 'yes' : 'no',
        latitude: String(row.lat),
        longitude: String(row.lon),
        fields: formatNamedValuesCell(master.fields.map((field) => ({ name: field.fieldName, value: values[field.fieldName] }))),
      };
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.asset_number);
  }
}

export const assetsImportKind: ImportKind<TAssetImportRow> = {
  kind: 'assets',
  columns: ASSET_IMPORT_COLUMNS,
  schema: ZAssetImportRow,
  async check(db, rows) {
    return (await resolveRows(db, rows)).issues;
  },
  async commit(tx, rows, ctx) {
    await commitAssets(tx, rows, (records) => ctx.track(tx, records), ctx.actor.user?.id ?? null);
  },
  async undo(tx, records) {
    await undoAssets(tx, records);
  },
  exportRows: exportAssets,
};
