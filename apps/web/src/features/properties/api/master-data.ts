import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPropertyArea,
  TPropertyAreaInput,
  TPropertyAttribute,
  TPropertyAttributeInput,
  TPropertyType,
  TPropertyTypeInput,
} from '@apron/core/properties';
import { apiFetch } from '../../../lib/api-client';

/** Property master data: types, attributes and areas (small lists, loaded whole). */
export const propertyTypesKey = ['propertyTypes'] as const;
export const propertyAttributesKey = ['propertyAttributes'] as const;
export const propertyAreasKey = ['propertyAreas'] as const;

export function usePropertyTypes() {
  return useQuery({ queryKey: propertyTypesKey, queryFn: () => apiFetch<TPropertyType[]>('/PropertyTypes'), staleTime: 60_000 });
}

export function usePropertyAttributes() {
  return useQuery({ queryKey: propertyAttributesKey, queryFn: () => apiFetch<TPropertyAttribute[]>('/PropertyAttributes'), staleTime: 60_000 });
}

export function usePropertyAreas() {
  return useQuery({ queryKey: propertyAreasKey, queryFn: () => apiFetch<TPropertyArea[]>('/Property/Areas'), staleTime: 60_000 });
}

export type TMasterKind = 'types' | 'attributes' | 'areas';

/** The spec's paths differ per kind (types: add / update/{id}; areas: REST-like). */
const paths: Record<TMasterKind, { key: readonly string[]; create: string; update: (id: string) => [string, 'POST' | 'PUT']; remove: (id: string) => string }> = {
  types: {
    key: propertyTypesKey,
    create: '/PropertyTypes/add',
    update: (id) => [`/PropertyTypes/update/${encodeURIComponent(id)}`, 'POST'],
    remove: (id) => `/PropertyTypes/${encodeURIComponent(id)}`,
  },
  attributes: {
    key: propertyAttributesKey,
    create: '/PropertyAttributes/add',
    update: (id) => [`/PropertyAttributes/update/${encodeURIComponent(id)}`, 'POST'],
    remove: (id) => `/PropertyAttributes/${encodeURIComponent(id)}`,
  },
  areas: {
    key: propertyAreasKey,
    create: '/Property/Areas',
    update: (id) => [`/Property/Areas/${encodeURIComponent(id)}`, 'PUT'],
    remove: (id) => `/Property/Areas/${encodeURIComponent(id)}`,
  },
};

type TMasterInput = TPropertyTypeInput | TPropertyAttributeInput | TPropertyAreaInput;

export function useSaveMasterRow(kind: TMasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TMasterInput }) => {
      if (!id) return apiFetch<unknown>(paths[kind].create, { method: 'POST', body });
      const [path, method] = paths[kind].update(id);
      return apiFetch<unknown>(path, { method, body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paths[kind].key }),
  });
}

export function useDeleteMasterRow(kind: TMasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message?: string }>(paths[kind].remove(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paths[kind].key }),
  });
}
