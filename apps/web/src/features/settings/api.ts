import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMasterTypeName } from '@apron/core/settings';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** Settings master data: the grid pages `masterPath(type)` itself. */
export type TFormValues = Record<string, unknown>;
export type TMasterRow = TFormValues & { _id: string };

export const masterPath = (type: TMasterTypeName) => `/Crud/${type}`;

/** Adds (no id) or saves a master-data row; the type's grid reloads. */
export function useSaveMasterRow(type: TMasterTypeName, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormValues) =>
      id ? apiFetch<TMasterRow>(`${masterPath(type)}/${encodeURIComponent(id)}`, { method: 'PUT', body }) : apiFetch<TMasterRow>(masterPath(type), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listQueryKey(masterPath(type)) }),
  });
}

/** Deletes a row and waits for the grid to reload; the answer's message is the toast. */
export function useDeleteMasterRow(type: TMasterTypeName) {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const answer = await apiFetch<{ message?: string }>(`${masterPath(type)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({ queryKey: listQueryKey(masterPath(type)) });
    return answer;
  };
}
