import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAirport, TAirportInput } from '@apron/core/airports';
import { apiFetch } from '../../../lib/api-client';

/** Settings > Airports' calls; every key under 'airports' (the switcher's list too). */
export const AIRPORTS_KEY = ['airports', 'all'] as const;

/** Settings > Airports (authority administrators): every airport of the deployment. */
export function useAirports() {
  return useQuery({ queryKey: AIRPORTS_KEY, queryFn: () => apiFetch<TAirport[]>('/Airports') });
}

/** Creates an airport (no id) or saves one; the lists (and the switcher's) reload. */
export function useSaveAirport(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAirportInput) =>
      id === null
        ? apiFetch<TAirport>('/Airports', { method: 'POST', body })
        : apiFetch<TAirport>(`/Airports/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['airports'] }),
  });
}
