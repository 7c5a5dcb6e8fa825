import { sql, type SQL } from 'drizzle-orm';
import {
  ASSET_FILTER_OPERATORS, ASSET_MAP_CLUSTER_CELLS, ASSET_MAP_POINT_LIMIT, ASSET_MESSAGES, DEFAULT_ASSET_LOCATION, ZAssetListQuery, buildAssetSchema, readAssetDate,
  type TAssetFieldConfig, type TAssetFieldValue, type TAssetMapQuery,
} from '@apron/core/assets/index';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { fieldErrorsFromIssues } from '../../platform/errors/error-handler';
import { containsPattern } from '../../platform/http/list-search';
import { getFormVersion, validateAnswers } from '../forms/index';
import { publishAssetEvent } from './asset-events';
import { findMaster } from './asset-masters.repo';
import * as repo from './assets.repo';
import { auditAsset } from './assets.presenter';
import { assets, type AssetMasterRow, type AssetRow } from './assets.table';

type Actor = AuditActor & { userId: string | null };

/**
 * Reads an asset write against its master's configuration with the core's one schema builder:
 * the same messages as the browser's form, as a 400 naming each field.
 */
function readWrite(master: AssetMasterRow, body: unknown) {
  const parsed = buildAssetSchema(master.fields).safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrorsFromIssues(parsed.error.issues);
    throw new AppError('VALIDATION', Object.values(errors)[0] ?? 'The asset is not valid', errors);
  }
  const values: Record<string, TAssetFieldValue> = {};
  for (const field of master.fields) values[field.fieldName] = (parsed.data as Record<string, TAssetFieldValue>)[field.fieldName] ?? null;
  return { status: parsed.data.status, location: parsed.data.location, data: parsed.data.data, values };
}

/** The asset type named by `assetId`, or a 400 on Asset Type ('Choose an asset type'). */
async function masterFor(db: DbOrTx, assetId: unknown, options: { mustBeEnabled: boolean }): Promise<AssetMasterRow> {
  const id = typeof assetId === 'string' && /^[0-9a-f-]{36}$/i.test(assetId) ? assetId : null;
  const master = id ? await findMaster(db, id) : null;
  if (!master) throw fieldError('assetId', ASSET_MESSAGES.chooseType);
  if (options.mustBeEnabled && !master.status) throw fieldError('assetId', ASSET_MESSAGES.typeDisabled);
  return master;
}

export async function createAsset(tx: Tx, actor: Actor, body: Record<string, unknown>): Promise<{ row: AssetRow; master: AssetMasterRow }> {
  const master = await masterFor(tx, body.assetId, { mustBeEnabled: true });
  // The documented default location applies to every client, not only to the web form.
  const write = readWrite(master, { ...body, location: body.location ?? { ...DEFAULT_ASSET_LOCATION } });
  // Answers are pinned to the form's version of today, so a later change of the form keeps them readable.
  const form = await getFormVersion(tx, master.formId);
  const data = write.data && form ? await validateAnswers(tx, master.formId, form.version, write.data) : {};
  const row = await repo.insertAsset(tx, {
    masterId: master.id,
    status: write.status,
    lat: write.location.lat,
    lon: write.location.lon,
    values: write.values,
    data,
    formVersion: form?.version ?? null,
    createdBy: actor.userId,
  });
  await repo.writeFieldRows(tx, row, master.fields);
  await recordAudit(tx, actor, { action: 'create', entity: 'asset', entityId: row.id, after: auditAsset(row) });
  await publishAssetEvent(tx, row, master, 'Created');
  return { row, master };
}

/** Saves an asset and, in the same request and transaction, its form answers (`data`). */
export async function updateAsset(tx: Tx, actor: Actor, id: string, body: Record<string, unknown>): Promise<{ row: AssetRow; master: AssetMasterRow }> {
  const current = await repo.findAsset(tx, id, true);
  if (!current) throw notFound(ASSET_MESSAGES.invalidId);
  // Keeping its (possibly since disabled) type is fine; moving to another type needs an enabled one.
  const master = await masterFor(tx, body.assetId, { mustBeEnabled: body.assetId !== current.masterId });
  const write = readWrite(master, body);
  // The form's answers come in the same request (no waiting on the viewer): checked against the
  // version they were given on (the latest when the asset has none yet, or moved to another type).
  const sameForm = master.id === current.masterId && current.formVersion !== null;
  const form = sameForm ? { version: current.formVersion! } : await getFormVersion(tx, master.formId);
  const data = write.data && form ? await validateAnswers(tx, master.formId, form.version, write.data) : sameForm ? current.data : {};
  const row = await repo.updateAssetRow(tx, id, {
    masterId: master.id,
    status: write.status,
    lat: write.location.lat,
    lon: write.location.lon,
    values: write.values,
    data,
    formVersion: form?.version ?? null,
  });
  await repo.writeFieldRows(tx, row, master.fields);
  await recordAudit(tx, actor, { action: 'update', entity: 'asset', entityId: id, before: auditAsset(current), after: auditAsset(row) });
  await publishAssetEvent(tx, row, master, 'Updated');
  return { row, master };
}

// ---- The list: sort and filter by the configured fields ------------------------------------------

type TQuery = z.output<typeof ZAssetListQuery>;

function fieldOf(master: AssetMasterRow | null, name: string, param: 'sort' | 'filterField'): TAssetFieldConfig {
  const field = master?.fields.find((candidate) => candidate.fieldName === name);
  if (!field) throw fieldError(param, param === 'sort' ? `Cannot sort by ${name}` : `Cannot filter by ${name}`);
  return field;
}

const COMPARE: Record<string, string> = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=', is: '=', after: '>', onOrAfter: '>=', before: '<', onOrBefore: '<=' };

/** The typed condition for one filter (over asset_field_values `f`), or a 400 naming the field. */
function filterCondition(field: TAssetFieldConfig, operator: string, raw: string): SQL {
  const allowed: readonly string[] = field.domainvalues.length > 0 ? [...ASSET_FILTER_OPERATORS[field.fieldType], 'isAnyOf'] : ASSET_FILTER_OPERATORS[field.fieldType];
  if (!allowed.includes(operator)) throw fieldError('filterOperator', `${field.fieldLabel} cannot be filtered with ${operator}`);
  const value = raw.trim();
  switch (field.fieldType) {
    case 'String': {
      const text = value.toLowerCase();
      if (operator === 'contains') return sql`f.value_text like ${containsPattern(value)}`;
      if (operator === 'startsWith') return sql`f.value_text like ${containsPattern(value).slice(1)}`;
      if (operator === 'isAnyOf') return sql`f.value_text = any(${value.split(',').map((part) => part.trim().toLowerCase())})`;
      return sql`f.value_text = ${text}`;
    }
    case 'Number': {
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw fieldError('filterValue', `${field.fieldLabel} must be a number`);
      return sql`f.value_number ${sql.raw(COMPARE[operator]!)} ${Number(value)}`;
    }
    case 'Date': {
      const date = readAssetDate(value);
      if (!date) throw fieldError('filterValue', `${field.fieldLabel} must be a valid date`);
      return sql`f.value_text ${sql.raw(COMPARE[operator]!)} ${date}`;
    }
    case 'Boolean':
      if (value !== 'true' && value !== 'false') throw fieldError('filterValue', `${field.fieldLabel} must be yes or no`);
      return sql`f.value_text = ${value}`;
  }
}

/** Turns the list query into a plan the repo runs (fields checked against the configuration). */
export function planAssetList(master: AssetMasterRow | null, query: TQuery): repo.TAssetListPlan {
  let filter: SQL | null = null;
  let fieldFilter: repo.TAssetListPlan['fieldFilter'] = null;
  if (query.filterField && query.filterValue !== undefined && query.filterValue.trim() !== '') {
    if (query.filterField === 'status') {
      if (query.filterValue !== 'true' && query.filterValue !== 'false') throw fieldError('filterValue', 'Asset Status must be yes or no');
      filter = sql`${assets.status} = ${query.filterValue === 'true'}`;
    } else {
      const field = fieldOf(master, query.filterField, 'filterField');
      const condition = filterCondition(field, query.filterOperator ?? (field.fieldType === 'String' ? 'contains' : '='), query.filterValue);
      filter = repo.fieldCondition(master!.id, field.fieldName, condition);
      fieldFilter = { fieldName: field.fieldName, condition };
    }
  }
  const [sortField = 'createdAt', sortDirection] = (query.sort ?? 'createdAt:desc').split(':');
  const direction = sortDirection === 'asc' ? 'asc' : 'desc';
  let sort: repo.TAssetListPlan['sort'];
  if (sortField === 'status' || sortField === 'createdAt' || sortField === 'assetnumber') {
    sort = { kind: 'column', by: sortField, direction: query.sort ? direction : 'desc' };
  } else {
    const field = fieldOf(master, sortField, 'sort');
    sort = { kind: 'field', fieldName: field.fieldName, column: field.fieldType === 'Number' ? 'number' : 'text', direction };
  }
  return { masterId: master?.id ?? null, filter, fieldFilter, sort, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

// ---- The map ------------------------------------------------------------------------------------

/** The assets in the visible bounds, or grid clusters when there are more than the point limit. */
export async function assetMap(db: DbOrTx, query: TAssetMapQuery) {
  const bounds = { west: query.west, south: query.south, east: query.east, north: query.north };
  const inView = await repo.countInBounds(db, bounds, query.assetId, ASSET_MAP_POINT_LIMIT + 1);
  if (inView <= ASSET_MAP_POINT_LIMIT) {
    return { total: inView, points: await repo.pointsInBounds(db, bounds, query.assetId, ASSET_MAP_POINT_LIMIT), clusters: [] };
  }
  const clusters = await repo.clustersInBounds(db, bounds, query.assetId, ASSET_MAP_CLUSTER_CELLS);
  return { total: clusters.reduce((sum, cell) => sum + cell.count, 0), points: [], clusters };
}
