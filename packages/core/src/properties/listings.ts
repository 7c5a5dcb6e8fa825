import { z } from 'zod';
import { ATTRIBUTE_TYPES } from './master-data';
import { ZLocation } from './property';

/**
 * The public `/listings` page (issue 3 item 9). The DTO carries listing fields only — never
 * tenants, agreements, deposits, insurances, documents or remarks — and the route's response
 * schema strips anything else.
 */
export const ZPublicListing = z.object({
  _id: z.string(),
  propertyName: z.string(),
  areaName: z.string(),
  dateAvailable: z.string().nullable(),
  rent: z.number(),
  description: z.string(),
  /** Thumbnail URL (header image, else the first gallery image), or null. */
  image: z.string().nullable(),
  location: ZLocation,
  /** The property type's name. */
  type: z.string(),
});
export type TPublicListing = z.infer<typeof ZPublicListing>;

export const LISTING_SORTS = ['rent', 'name', 'availability', 'type'] as const;
export type TListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_PAGE_SIZES = [5, 10, 15, 20] as const;

/**
 * The public list counts matches up to this many; beyond it `X-Total-Count` says the cap and
 * `X-Total-Count-Capped: true` is sent (the page shows "1,000+"). An exact count of a huge
 * public table would cost more than the page itself (issue 3 item 13); 1,000 rows is 50 pages of
 * the largest page size, and keeps the first page as cheap at 100k properties as at 1k.
 */
export const LISTINGS_COUNT_CAP = 1_000;
export { TOTAL_COUNT_CAPPED_HEADER } from '../common/headers';

/** `attr.<attribute id>` — a filter (query key) or a sort key for attributes that allow it. */
export const ATTRIBUTE_KEY_PREFIX = 'attr.';
const uuidPattern = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * `?type=<id>&sort=rent:asc&page=1&pageSize=10&attr.<id>=value`. Unknown keys other than
 * `attr.<id>` are ignored, so a shared URL with extra tracking parameters still works.
 */
export const ZListingsQuery = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  type: z.string().uuid('Invalid property type').optional(),
  sort: z
    .string()
    .regex(new RegExp(`^(${LISTING_SORTS.join('|')}|attr\\.${uuidPattern})(:(asc|desc))?$`), 'Sort by rent, name, availability, type or an attribute')
    .optional(),
});
export type TListingsQuery = z.infer<typeof ZListingsQuery>;

export const ZListingType = z.object({ _id: z.string(), name: z.string() });
export type TListingType = z.infer<typeof ZListingType>;

/** Attributes the public page offers as filters or sort keys, with the values in use. */
export const ZListingAttribute = z.object({
  _id: z.string(),
  name: z.string(),
  attributeType: z.enum(ATTRIBUTE_TYPES),
  allowFiltering: z.boolean(),
  allowSorting: z.boolean(),
  /** Distinct values among public listings (filterable attributes only; at most 50). */
  values: z.array(z.string()),
});
export type TListingAttribute = z.infer<typeof ZListingAttribute>;

/** Map zoom of the listings page (spec doc 2 §9): 10 by default, 14 on a selected listing. */
export const LISTING_MAP_ZOOM = { initial: 10, selected: 14 } as const;
