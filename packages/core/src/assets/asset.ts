import { z } from 'zod';
import '../common/messages';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../common/list';
import { ALL_ASSET_FILTER_OPERATORS } from './constants';
import { ZAssetLocation } from './values';

/** A configured value as the API carries it (Date as 'YYYY-MM-DD'). */
export const ZAssetFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const assetCore = {
  _id: z.string(),
  /** The asset type (master asset) id. */
  assetId: z.string(),
  /** The asset type's name. */
  name: z.string(),
  color: z.string(),
  assetnumber: z.number().int(),
  status: z.boolean(),
  location: ZAssetLocation,
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One asset: the fixed fields, its form answers, and every configured value at the top level. */
export const ZAsset = z
  .object({
    ...assetCore,
    formId: z.string(),
    data: z.record(z.string(), z.unknown()),
    abilities: z.object({ edit: z.boolean() }),
  })
  // The configured values (ZAssetFieldValue each) under their fieldNames.
  .loose();
export type TAsset = z.infer<typeof ZAsset>;

/** A row of `asset/assetList/{id}`: the fixed fields and the configured values. */
export const ZAssetGridRow = z.object(assetCore).loose();
export type TAssetGridRow = z.infer<typeof ZAssetGridRow>;

/**
 * `GET Assets/GetAssets?assetId=&page=&pageSize=&sort=field:dir&filterField=&filterOperator=&filterValue=`.
 * Sort and filter fields are the master's configured fieldNames (or status, createdAt,
 * assetnumber); the server checks them against the configuration.
 */
export const ZAssetListQuery = z.object({
  assetId: z.string().uuid('Invalid Id').optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(:(asc|desc))?$/, 'Use field:asc or field:desc').optional(),
  filterField: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Filter field is not valid').optional(),
  filterOperator: z.enum(ALL_ASSET_FILTER_OPERATORS, { error: 'Filter operator is not valid' }).optional(),
  filterValue: z.string().max(200, 'Filter value must be at most 200 characters').optional(),
});
export type TAssetListQuery = z.input<typeof ZAssetListQuery>;

const lon = (label: string) => z.coerce.number({ error: `${label} must be a number` }).min(-180, `${label} must be between -180 and 180`).max(180, `${label} must be between -180 and 180`);
const lat = (label: string) => z.coerce.number({ error: `${label} must be a number` }).min(-90, `${label} must be between -90 and 90`).max(90, `${label} must be between -90 and 90`);

/** `GET Assets/Map?west=&south=&east=&north=&assetId=`: the visible bounds (and a type filter). */
export const ZAssetMapQuery = z
  .object({ west: lon('West'), south: lat('South'), east: lon('East'), north: lat('North'), assetId: z.string().uuid('Invalid Id').optional() })
  .refine((q) => q.north >= q.south, { path: ['north'], message: 'North must not be below South' })
  .refine((q) => q.east >= q.west, { path: ['east'], message: 'East must not be west of West' });
export type TAssetMapQuery = z.infer<typeof ZAssetMapQuery>;

export const ZAssetMapPoint = z.object({
  _id: z.string(),
  assetId: z.string(),
  assetnumber: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  createdAt: z.string(),
});
export type TAssetMapPoint = z.infer<typeof ZAssetMapPoint>;

/** A grid cell of many assets (zoomed out): where they are on average, how many, and the commonest type. */
export const ZAssetMapCluster = z.object({ lat: z.number(), lon: z.number(), count: z.number().int(), assetId: z.string() });
export type TAssetMapCluster = z.infer<typeof ZAssetMapCluster>;

/** Either the assets in the bounds (`points`) or, past the point limit, `clusters`; `total` is in the bounds. */
export const ZAssetMap = z.object({ total: z.number().int(), points: z.array(ZAssetMapPoint), clusters: z.array(ZAssetMapCluster) });
export type TAssetMap = z.infer<typeof ZAssetMap>;

/**
 * `GET Assets/GetSimulateAsset/{id}`: the master's form at the version the asset's answers were
 * given on (the latest for an asset with none yet), and those answers, for the form viewer.
 */
export const ZAssetForm = z.object({
  formId: z.string(),
  name: z.string(),
  version: z.number().int(),
  schema: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()),
});
export type TAssetForm = z.infer<typeof ZAssetForm>;
