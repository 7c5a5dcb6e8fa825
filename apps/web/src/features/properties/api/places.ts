import { useQuery } from '@tanstack/react-query';
import type { TGeocodeResult, TProperty, TPropertyGridRow } from '@apron/core/properties';
import { apiFetch } from '../../../lib/api-client';

/** The location picker's search: this airport's properties by name (the first ten). */
export function usePropertyPlaces(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['propertyPlaces', q],
    queryFn: ({ signal }) => apiFetch<TPropertyGridRow[]>('/Property/List', { query: { q, pageSize: 10 }, signal }),
    enabled,
  });
}

/** Addresses through `GET Geocode` (the server calls the configured geocoder). */
export function useGeocode(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['geocode', q],
    queryFn: ({ signal }) => apiFetch<TGeocodeResult[]>('/Geocode', { query: { q }, signal }),
    enabled,
    // A 503 means the service is down: asking again at once would not help and costs its quota.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** One property (to center the map on it). */
export function fetchProperty(id: string): Promise<TProperty> {
  return apiFetch<TProperty>(`/Property/List/${encodeURIComponent(id)}`);
}
