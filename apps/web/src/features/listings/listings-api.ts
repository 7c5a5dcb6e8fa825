import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TListingAttribute, TListingType, TPublicListing } from '@apron/core/properties/listings';
import { apiFetch, apiList } from '../../lib/api-client';
import type { TListingsState } from './listings-url';
import { listingsRequestQuery } from './listings-url';

/** Public calls of `/listings` (no session needed; 401 never happens here). */
export function useListingTypes() {
  return useQuery({ queryKey: ['listings', 'types'], queryFn: () => apiFetch<TListingType[]>('/Listings/Types'), staleTime: 5 * 60_000 });
}

export function useListingAttributes() {
  return useQuery({ queryKey: ['listings', 'attributes'], queryFn: () => apiFetch<TListingAttribute[]>('/Listings/Attributes'), staleTime: 5 * 60_000 });
}

export function useListings(state: TListingsState) {
  const query = listingsRequestQuery(state);
  return useQuery({
    queryKey: ['listings', 'page', query],
    queryFn: ({ signal }) => apiList<TPublicListing>('/Listings', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
