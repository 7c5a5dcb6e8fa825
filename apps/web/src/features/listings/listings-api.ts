import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TListingAttribute, TListingType, TPublicListing } from '@apron/core/properties/listings';
import { apiFetch, apiList } from '../../lib/api-client';
import type { TListingsState } from './listings-url';
import { listingsRequestQuery } from './listings-url';

/** The query keys of `/listings`' calls: the server render fills the same ones (entry-server.tsx). */
export const LISTING_TYPES_QUERY_KEY = ['listings', 'types'] as const;
export const LISTING_ATTRIBUTES_QUERY_KEY = ['listings', 'attributes'] as const;
export const listingsPageQueryKey = (query: Record<string, string | number | undefined>) => ['listings', 'page', query] as const;

/** Public calls of `/listings` (no session needed; 401 never happens here). */
export function useListingTypes() {
  return useQuery({ queryKey: LISTING_TYPES_QUERY_KEY, queryFn: () => apiFetch<TListingType[]>('/Listings/Types'), staleTime: 5 * 60_000 });
}

export function useListingAttributes() {
  return useQuery({ queryKey: LISTING_ATTRIBUTES_QUERY_KEY, queryFn: () => apiFetch<TListingAttribute[]>('/Listings/Attributes'), staleTime: 5 * 60_000 });
}

export function useListings(state: TListingsState) {
  const query = listingsRequestQuery(state);
  return useQuery({
    queryKey: listingsPageQueryKey(query),
    queryFn: ({ signal }) => apiList<TPublicListing>('/Listings', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
