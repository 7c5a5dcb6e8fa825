/**
 * The asset register's texts and numbers (spec doc 1 §2 Assets, §5; doc 2 §8, §9). zod-free, so
 * the map page and the picker can import them without the schemas.
 */
export const ASSET_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  formRequired: 'Form ID is required',
  colorRequired: 'Color is required',
  colorInvalid: 'Color must be a colour like #1e88e5',
  chooseType: 'Choose an asset type',
  invalidId: 'Invalid Id',
  loadFailed: 'Failed to load assets. Please try again later.',
  noMasters: 'No Master Asset added yet. Please click here to proceed.',
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  deleted: 'Deleted Successfully',
  masterInUse: (count: number) =>
    `This master asset is used by ${count} asset${count === 1 ? '' : 's'} and cannot be deleted.`,
  typeDisabled: 'This asset type is disabled: choose an enabled one',
  fieldTypeLocked: (fieldName: string) => `The type of ${fieldName} cannot change while assets use this master`,
  formNotFound: 'Form not found',
} as const;

export const ASSET_FIELD_TYPES = ['String', 'Number', 'Boolean', 'Date'] as const;
export type TAssetFieldType = (typeof ASSET_FIELD_TYPES)[number];

/** New assets start here (spec doc 2 §9), with status true. */
export const DEFAULT_ASSET_LOCATION = { lon: -119.734, lat: 39.193 } as const;
/** The asset map centres on its first marker at this zoom; the world at 2 (spec doc 2 §9). */
export const ASSET_POINT_ZOOM = 13;
export const ASSET_WORLD_ZOOM = 2;
/** The Select Location dialog's map height (spec doc 2 §9). */
export const ASSET_MAP_DIALOG_HEIGHT = 500;

/**
 * The map answers single assets up to this many in the visible bounds; beyond it, grid clusters
 * (count and centre per cell), so a zoomed-out view of 100,000 assets stays a small answer.
 */
export const ASSET_MAP_POINT_LIMIT = 2000;
/** Cells across the viewport's longer side when the map answers clusters. */
export const ASSET_MAP_CLUSTER_CELLS = 24;

/** Field names are JSON keys of the asset: these belong to the asset itself. */
export const RESERVED_ASSET_FIELD_NAMES: ReadonlySet<string> = new Set([
  '_id', 'id', 'assetId', 'name', 'assetnumber', 'status', 'location', 'data', 'formId', 'formVersion',
  'createdAt', 'updatedAt', 'abilities', 'fields', 'color',
]);
export const MAX_ASSET_FIELDS = 40;
export const MAX_DOMAIN_VALUES = 100;

/** Filter operators of the asset list, by field type (what the grid's column filter offers). */
export const ASSET_FILTER_OPERATORS = {
  String: ['contains', 'equals', 'startsWith'],
  Number: ['=', '!=', '>', '>=', '<', '<='],
  Date: ['is', 'after', 'onOrAfter', 'before', 'onOrBefore'],
  Boolean: ['is'],
} as const satisfies Record<TAssetFieldType, readonly string[]>;
export const ALL_ASSET_FILTER_OPERATORS = [
  'contains', 'equals', 'startsWith', '=', '!=', '>', '>=', '<', '<=', 'is', 'after', 'onOrAfter', 'before', 'onOrBefore', 'isAnyOf',
] as const;
export type TAssetFilterOperator = (typeof ALL_ASSET_FILTER_OPERATORS)[number];

/** `status` and `createdAt` sort the list besides the configured fields. */
export const ASSET_FIXED_SORTS = ['status', 'createdAt', 'assetnumber'] as const;
