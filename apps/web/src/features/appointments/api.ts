import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteCreateParsed, TInviteRow } from '@apron/core/appointments';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** The list and the send call share one path (`GET` pages the sent invites, `POST` sends one). */
export const INVITES_PATH = '/Waitlist/Invite';

/** Send an invite; the sent-invites grid refreshes. */
export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteCreateParsed) => apiFetch<{ message: string; invite: TInviteRow }>(INVITES_PATH, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listQueryKey(INVITES_PATH) }),
  });
}
