import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAccount, TAccountUpdate, ZAccountCreate } from '@apron/core/accounts';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** Settings > Accounts' calls (the grid pages `ACCOUNTS_PATH` itself). */
export const ACCOUNTS_PATH = '/Accounts';

function useReloadAccounts() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: listQueryKey(ACCOUNTS_PATH) });
}

export function useAddAccount() {
  const reload = useReloadAccounts();
  return useMutation({ mutationFn: (body: z.output<typeof ZAccountCreate>) => apiFetch<TAccount>(ACCOUNTS_PATH, { method: 'POST', body }), onSuccess: reload });
}

/** A PUT carries only what changed (names, modules, admin, enabled). */
export function useUpdateAccount() {
  const reload = useReloadAccounts();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TAccountUpdate }) => apiFetch<TAccount>(`${ACCOUNTS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    onSuccess: reload,
  });
}

/** Settings > Accounts > Send invitation: a fresh set-password link by e-mail; the answer's message says to whom. */
export function useSendInvitation() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`${ACCOUNTS_PATH}/${encodeURIComponent(id)}/Invitation`, { method: 'POST' }),
  });
}
