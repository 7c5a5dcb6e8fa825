import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLeaseHistoryRow, TProperty, TPropertyAttribute, TPropertyValues } from '@apron/core/properties';
import { listQueryKey } from '../../../components/data-grid';
import { apiFetch, apiList } from '../../../lib/api-client';

export const PROPERTY_GRID_PATH = '/Property/Grid';

export function propertyKey(id: string): readonly unknown[] {
  return ['property', id];
}

export function useProperty(id: string | undefined) {
  return useQuery({
    queryKey: propertyKey(id ?? ''),
    queryFn: () => apiFetch<TProperty>(`/Property/List/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });
}

/** The attributes the chosen type carries, in display order (the form renders one field each). */
export function useTypeAttributes(typeId: string | undefined) {
  return useQuery({
    queryKey: ['propertyTypeAttributes', typeId ?? ''],
    queryFn: () => apiFetch<TPropertyAttribute[]>(`/Property/List/Attributes/${encodeURIComponent(typeId!)}`),
    enabled: !!typeId,
    staleTime: 60_000,
  });
}

export function useLeaseHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['propertyLeaseHistory', id],
    queryFn: () => apiList<TLeaseHistoryRow>(`/Property/LeaseHistory/${encodeURIComponent(id)}`),
    enabled,
  });
}

/** After any change: the detail is replaced by the answer and the grid reloads. */
function useOnPropertyChanged() {
  const queryClient = useQueryClient();
  return (property: TProperty) => {
    queryClient.setQueryData(propertyKey(property._id), property);
    return queryClient.invalidateQueries({ queryKey: listQueryKey(PROPERTY_GRID_PATH) });
  };
}

export function useSaveProperty(id: string | undefined) {
  const changed = useOnPropertyChanged();
  return useMutation({
    mutationFn: (body: TPropertyValues) =>
      id
        ? apiFetch<TProperty>(`/Property/List/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<TProperty>('/Property/List', { method: 'POST', body }),
    onSuccess: changed,
  });
}

export function useSetPropertyStatus(id: string) {
  const changed = useOnPropertyChanged();
  return useMutation({
    mutationFn: (status: 'Active' | 'Inactive') =>
      apiFetch<TProperty>(`/Property/List/Status/${encodeURIComponent(id)}`, { method: 'POST', body: { status } }),
    onSuccess: changed,
  });
}

export function useUploadHeaderImage(id: string) {
  const changed = useOnPropertyChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return apiFetch<TProperty>(`/Property/List/Header/${encodeURIComponent(id)}`, { method: 'POST', body: form });
    },
    onSuccess: changed,
  });
}

export function useAddGalleryImage(id: string) {
  const changed = useOnPropertyChanged();
  return useMutation({
    mutationFn: (file: File) => {
      // the server reads `propertyId` before the file part
      const form = new FormData();
      form.set('propertyId', id);
      form.set('file', file);
      return apiFetch<TProperty>('/Property/List/Images', { method: 'POST', body: form });
    },
    onSuccess: changed,
  });
}

export function useDeleteGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiFetch<{ message?: string }>('/Property/List/Images', { method: 'DELETE', body: { propertyId: id, imageId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertyKey(id) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(PROPERTY_GRID_PATH) }),
      ]),
  });
}
