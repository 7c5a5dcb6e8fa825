import { useQuery } from '@tanstack/react-query';
import type { TAlertUnread } from '@apron/core/alerts';
import { apiFetch } from '../../../lib/api-client';

/**
 * The unread-alerts count of the top bar and the Alerts tile. Part of the shell, so it imports
 * no zod and no grid: one small GET, refreshed every minute and whenever alerts change.
 */
export const UNREAD_ALERTS_KEY = ['alerts', 'unread'] as const;

export function useUnreadAlerts(enabled: boolean): number {
  const query = useQuery({
    queryKey: UNREAD_ALERTS_KEY,
    queryFn: () => apiFetch<TAlertUnread>('/Alerts/Unread'),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  return query.data?.count ?? 0;
}
