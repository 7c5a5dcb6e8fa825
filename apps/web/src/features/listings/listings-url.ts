import { ATTRIBUTE_KEY_PREFIX, LISTING_PAGE_SIZES, LISTING_SORTS } from '@apron/core/properties/listing-constants';

/**
 * The page's state lives in the URL (`?type=&sort=rent:desc&page=2&pageSize=10&attr.<id>=v`) so a
 * link shows the same listings. Bad values fall back to the defaults instead of failing.
 */
export interface TListingsState {
  type: string;
  /** `rent`, `name`, `availability`, `type` or `attr.<id>`. */
  sortKey: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Attribute filters by attribute id. */
  attributes: Record<string, string>;
}

export const DEFAULT_LISTING_SORT = 'rent';
const DEFAULT_PAGE_SIZE = 10;
const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function isSortKey(key: string): boolean {
  return (LISTING_SORTS as readonly string[]).includes(key) || (key.startsWith(ATTRIBUTE_KEY_PREFIX) && uuid.test(key.slice(ATTRIBUTE_KEY_PREFIX.length)));
}

export function readListingsState(params: URLSearchParams): TListingsState {
  const [rawKey = '', rawDirection] = (params.get('sort') ?? '').split(':');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const attributes: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith(ATTRIBUTE_KEY_PREFIX) && uuid.test(key.slice(ATTRIBUTE_KEY_PREFIX.length)) && value) {
      attributes[key.slice(ATTRIBUTE_KEY_PREFIX.length)] = value;
    }
  }
  const type = params.get('type') ?? '';
  return {
    type: uuid.test(type) ? type : '',
    sortKey: isSortKey(rawKey) ? rawKey : DEFAULT_LISTING_SORT,
    direction: rawDirection === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (LISTING_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    attributes,
  };
}

/** The page URL's query: defaults are left out so the plain `/listings` stays plain. */
export function writeListingsState(state: TListingsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.type) params.set('type', state.type);
  const sort = `${state.sortKey}:${state.direction}`;
  if (sort !== `${DEFAULT_LISTING_SORT}:asc`) params.set('sort', sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  for (const [id, value] of Object.entries(state.attributes)) if (value) params.set(`${ATTRIBUTE_KEY_PREFIX}${id}`, value);
  return params;
}

/** The `GET /api/Listings` query for a state. */
export function listingsRequestQuery(state: TListingsState): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {
    page: state.page,
    pageSize: state.pageSize,
    sort: `${state.sortKey}:${state.direction}`,
    type: state.type || undefined,
  };
  for (const [id, value] of Object.entries(state.attributes)) query[`${ATTRIBUTE_KEY_PREFIX}${id}`] = value;
  return query;
}
