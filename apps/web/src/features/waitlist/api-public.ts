import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWaitlistJoin, TWaitlistJoined, TWaitlistJoinInfo, TWaitlistPrivateStatus } from '@apron/core/waitlist';
import { apiFetch } from '../../lib/api-client';

/**
 * The public calls (the Join WaitList dialog and the private page): nothing here may import the
 * staff kit (the data grid), since /listings and the private page load this file.
 */
export const FACT_SHEET_URL = '/api/factsheet';
export const JOIN_INFO_KEY = ['waitlistJoinInfo'] as const;

export function useJoinInfo(enabled = true) {
  return useQuery({ queryKey: JOIN_INFO_KEY, queryFn: () => apiFetch<TWaitlistJoinInfo>('/WaitList/Join'), enabled });
}

/** Join: the server decides the amount; the Idempotency-Key makes a repeated click one applicant. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TWaitlistJoin; idempotencyKey: string }) =>
      apiFetch<TWaitlistJoined>('/WaitList/Join', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    // the wait list's counts (staff joining from the properties screen); grids refetch when opened
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlistTypes'] }),
  });
}

export function usePrivateStatus(token: string) {
  return useQuery({
    queryKey: ['waitlistPrivate', token],
    queryFn: () => apiFetch<TWaitlistPrivateStatus>(`/WaitList/Status/${encodeURIComponent(token)}`, { on401: 'throw' }),
    // the place changes as others leave or are moved
    refetchInterval: 60_000,
  });
}

