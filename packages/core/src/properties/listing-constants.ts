/**
 * The public listings' constants, apart from their schemas: this file imports no zod, so the
 * public `/listings` page can use them without bundling it (issue 10 item 2). `listings.ts` and
 * `property.ts` re-export them; server code keeps importing from there.
 */

/** Where new properties start on the map (spec doc 1 §5: lon -119.734, lat 39.193). */
export const DEFAULT_PROPERTY_LOCATION = { lat: 39.193, lon: -119.734 } as const;

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

/** `attr.<attribute id>` — a filter (query key) or a sort key for attributes that allow it. */
export const ATTRIBUTE_KEY_PREFIX = 'attr.';

/** Map zoom of the listings page (spec doc 2 §9): 10 by default, 14 on a selected listing. */
export const LISTING_MAP_ZOOM = { initial: 10, selected: 14 } as const;
