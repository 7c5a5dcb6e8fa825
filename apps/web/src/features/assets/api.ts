import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAsset, TAssetForm, TAssetGridRow, TAssetMap, TMasterAsset, TMasterAssetValues } from '@apron/core/assets/index';
import type { TGeocodeResult } from '@apron/core/properties/geocode';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch, apiList } from '../../lib/api-client';

/** The asset register's calls (one place: pages never call fetch). */
export const ASSET_LIST_PATH = '/Assets/GetAssets';
export const MASTERS_KEY = ['assetMasters'] as const;
export const assetKey = (id: string) => ['asset', id] as const;
export const assetFormKey = (id: string) => ['assetForm', id] as const;
export const ASSET_MAP_KEY = ['assetMap'] as const;

/** Master assets with their field configuration (the asset types). */
export function useMasterAssets() {
  return useQuery({ queryKey: MASTERS_KEY, queryFn: ({ signal }) => apiFetch<TMasterAsset[]>('/Assets/Masters', { signal }) });
}

export function useSaveMasterAsset(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMasterAssetValues) =>
      id ? apiFetch<TMasterAsset>(`/Assets/Masters/${encodeURIComponent(id)}`, { method: 'PUT', body }) : apiFetch<TMasterAsset>('/Assets/Masters', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

export async function deleteMasterAsset(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/Assets/Masters/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useAsset(id: string | null) {
  return useQuery({
    queryKey: assetKey(id ?? ''),
    queryFn: ({ signal }) => apiFetch<TAsset>(`/Assets/GetAssetById/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/** The asset's master form at the version of its answers, for the form viewer. */
export function useAssetForm(id: string | null) {
  return useQuery({
    queryKey: assetFormKey(id ?? ''),
    queryFn: ({ signal }) => apiFetch<TAssetForm>(`/Assets/GetSimulateAsset/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/** Create (no id) or update an asset, its configured values and its form answers in one request. */
export function useSaveAsset(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id ? apiFetch<TAsset>(`/Assets/UpdateAsset/${encodeURIComponent(id)}`, { method: 'PUT', body }) : apiFetch<TAsset>('/Assets/CreateAsset', { method: 'POST', body }),
    onSuccess: async (asset) => {
      queryClient.setQueryData(assetKey(asset._id), asset);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(ASSET_LIST_PATH) }),
        queryClient.invalidateQueries({ queryKey: ASSET_MAP_KEY }),
        queryClient.invalidateQueries({ queryKey: assetFormKey(asset._id) }),
        queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
      ]);
    },
  });
}

export interface TBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The assets (or clusters) inside the visible bounds. */
export function useAssetMap(bounds: TBounds | null, assetId: string) {
  return useQuery({
    queryKey: [...ASSET_MAP_KEY, bounds, assetId],
    queryFn: ({ signal }) => apiFetch<TAssetMap>('/Assets/Map', { query: { ...bounds!, assetId: assetId || undefined }, signal }),
    enabled: !!bounds,
    placeholderData: (previous) => previous,
  });
}

/** The map's start: the first asset (of the chosen type) by asset number. */
export function useFirstAsset(assetId: string) {
  return useQuery({
    queryKey: ['assetFirst', assetId],
    queryFn: ({ signal }) => apiList<TAssetGridRow>(ASSET_LIST_PATH, { query: { pageSize: 1, sort: 'assetnumber:asc', assetId: assetId || undefined }, signal }),
  });
}

/** Places matching an address typed on the asset map (asked from two characters on). */
export function useAssetGeocode(q: string) {
  return useQuery({
    queryKey: ['assetGeocode', q],
    queryFn: ({ signal }) => apiFetch<TGeocodeResult[]>('/Assets/Geocode', { query: { q }, signal }),
    enabled: q.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
