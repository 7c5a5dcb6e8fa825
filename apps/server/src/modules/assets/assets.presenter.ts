import type { TAsset, TAssetFieldValue, TAssetGridRow, TAssetMapPoint, TMasterAsset } from '@apron/core/assets/index';
import type { TSessionUser as TUser } from '@apron/core';
import { canEditAssets, masterAbilities } from './assets.policy';
import type { AssetMasterRow, AssetRow } from './assets.table';

export function presentMaster(row: AssetMasterRow, assetCount: number, user: TUser | null): TMasterAsset {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    color: row.color,
    formId: row.formId,
    fields: row.fields.map((field) => ({ ...field, domainvalues: [...field.domainvalues] })),
    assetCount,
    abilities: masterAbilities(user, assetCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The configured values of the master's current fields (a removed field's old value is not shown). */
function configuredValues(row: AssetRow, master: AssetMasterRow): Record<string, TAssetFieldValue> {
  const values: Record<string, TAssetFieldValue> = {};
  for (const field of master.fields) values[field.fieldName] = row.values[field.fieldName] ?? null;
  return values;
}

export function presentAssetGridRow(row: AssetRow, master: AssetMasterRow): TAssetGridRow {
  return {
    ...configuredValues(row, master),
    _id: row.id,
    assetId: row.masterId,
    name: master.name,
    color: master.color,
    assetnumber: row.assetNumber,
    status: row.status,
    location: { lat: row.lat, lon: row.lon },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAsset(row: AssetRow, master: AssetMasterRow, user: TUser | null): TAsset {
  return { ...presentAssetGridRow(row, master), formId: master.formId, data: row.data, abilities: { edit: canEditAssets(user) } };
}

export function presentMapPoint(row: { id: string; masterId: string; assetNumber: number; lat: number; lon: number; createdAt: Date }): TAssetMapPoint {
  return { _id: row.id, assetId: row.masterId, assetnumber: row.assetNumber, lat: row.lat, lon: row.lon, createdAt: row.createdAt.toISOString() };
}

/** Audit snapshots (no ids, no timestamps). */
export function auditMaster(row: AssetMasterRow): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row;
  return fields;
}
export function auditAsset(row: AssetRow): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = row;
  return fields;
}
