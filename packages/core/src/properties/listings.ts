import { z } from 'zod';
import { ATTRIBUTE_TYPES } from './master-data';
import { ZLocation } from './property';
import { LISTING_SORTS } from './listing-constants';

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

// The constants live in a zod-free file the public page can import (listing-constants.ts).
export { LISTING_SORTS, LISTING_PAGE_SIZES, LISTINGS_COUNT_CAP, ATTRIBUTE_KEY_PREFIX, LISTING_MAP_ZOOM, type TListingSort } from './listing-constants';
export { TOTAL_COUNT_CAPPED_HEADER } from '../common/headers';
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
