import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTiedownDetail, TTiedownRate, TKtrmRequest } from '@apron/core/tiedowns';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** `GET Invoices/List/TieDowns`: the grid's path (paged, sorted, filtered on the server). */
export const TIEDOWN_GRID_PATH = '/Invoices/List/TieDowns';

export const tiedownKey = (id: string) => ['tiedown', id] as const;

export function useTiedown(id: string) {
  return useQuery({ queryKey: tiedownKey(id), queryFn: () => apiFetch<TTiedownDetail>(`/Invoices/TieDown/${encodeURIComponent(id)}`) });
}

/** `POST Invoices/TieDown/{id}`: staff assign the space; the detail and the grid reload. */
export function useAssignSpace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { space: string }) => apiFetch<TTiedownDetail & { message: string }>(`/Invoices/TieDown/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(tiedownKey(id), answer);
      return queryClient.invalidateQueries({ queryKey: listQueryKey(TIEDOWN_GRID_PATH) });
    },
  });
}

/** `POST Ktrm`: requests per aircraft type arriving in the range. */
export function useKtrm(range: TKtrmRequest | null) {
  return useQuery({
    queryKey: ['ktrm', range],
    queryFn: () => apiFetch<Record<string, number>>('/Ktrm', { method: 'POST', body: range }),
    enabled: !!range,
  });
}

export const RATES_KEY = ['tiedownRates'] as const;

export function useTiedownRates() {
  return useQuery({ queryKey: RATES_KEY, queryFn: () => apiFetch<TTiedownRate[]>('/TieDown/Rates') });
}

export function useUpdateRate(type: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rate: number }) => apiFetch<TTiedownRate & { message: string }>(`/TieDown/Rates/${encodeURIComponent(type)}`, { method: 'PUT', body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: RATES_KEY }), queryClient.invalidateQueries({ queryKey: ['tiedownForm'] })]),
  });
}
