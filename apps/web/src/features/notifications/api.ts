import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMailMessage } from '@apron/core/mail';
import type { TSentMailBody } from '@apron/core/communications';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** Settings > Notifications Sent: the grid pages `MAIL_PATH` itself. */
export const MAIL_PATH = '/Mail';

const mailPath = (id: string) => `${MAIL_PATH}/${encodeURIComponent(id)}`;

/** One e-mail's body (or only that it is private). */
export function useSentMailBody(id: string) {
  return useQuery({ queryKey: ['mail', id, 'body'], queryFn: () => apiFetch<TSentMailBody>(`${mailPath(id)}/Body`) });
}

/** Queues a failed e-mail again; the grid reloads. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TMailMessage>(`${mailPath(id)}/Resend`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listQueryKey(MAIL_PATH) }),
  });
}
