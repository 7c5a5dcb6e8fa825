import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMeUpdate } from '@apron/core/identity';
import { apiFetch } from '../../lib/api-client';
import { saveIdentity } from '../../lib/identity';
import { ACCESS_QUERY_KEY } from '../../lib/session';

export interface TProfile {
  email: string;
  givenName: string;
  familyName: string;
}

const PROFILE_QUERY_KEY = ['me'] as const;

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => apiFetch<TProfile>('/Me') });
}

/** Saves the names; the stored identity, the profile and the session (top bar) follow. */
export function useSaveProfileNames(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ZMeUpdate>) => apiFetch<TProfile>('/Me', { method: 'PUT', body }),
    onSuccess: (_body, values) => {
      saveIdentity({ email, ...values });
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }).then(() => queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY }));
    },
  });
}
