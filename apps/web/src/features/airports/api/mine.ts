import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { TMyAirport } from '@apron/core/airports';
import { apiFetch } from '../../../lib/api-client';
import { ACCESS_QUERY_KEY, type TAccessResponse } from '../../../lib/session';

/**
 * The switcher's calls (`/Airports/Mine`, `/Session/Airport`), apart from Settings > Airports'
 * (./airports) so the top bar's chunk shares none with the admin page: one request less on every
 * signed-in first load.
 */
export const MY_AIRPORTS_KEY = ['airports', 'mine'] as const;

/** The airports the signed-in user works at; the session's one is `current`. */
export function useMyAirports() {
  return useQuery({ queryKey: MY_AIRPORTS_KEY, queryFn: () => apiFetch<TMyAirport[]>('/Airports/Mine'), staleTime: 5 * 60_000 });
}

const isAccess = (query: Query) => query.queryKey[0] === ACCESS_QUERY_KEY[0];

/**
 * Works at another airport from now on. Every record on screen belongs to the previous one, so
 * once the server has moved the session: the cached answers are dropped (the hidden ones at once,
 * the ones on screen after `leave` has taken the user away from them, so the page being left does
 * not refetch its record at the new airport and flash a not-found). The access answer is the PUT's
 * own, so the user never looks signed out in between.
 */
export function useSwitchAirport(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (airportId: string) => apiFetch<TAccessResponse>('/Session/Airport', { method: 'PUT', body: { airportId } }),
    onSuccess: async (answer) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => !isAccess(query), type: 'inactive' });
      queryClient.setQueryData(ACCESS_QUERY_KEY, answer.user);
      await leave();
      await queryClient.resetQueries({ predicate: (query) => !isAccess(query) });
    },
  });
}

