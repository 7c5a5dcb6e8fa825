import type { QueryClient } from '@tanstack/react-query';
import type { TAlertCreate, TAlertEmail, TAlertItem, TAlertUser, TAlertUserGroup } from '@apron/core/alerts';
import { apiFetch } from '../../../lib/api-client';
import { listQueryKey } from '../../../components/data-grid';
import { UNREAD_ALERTS_KEY } from './unread-api';

/** API paths are relative to `/api` (the client adds it). */
export const ALERTS_PATH = '/Alerts';

export const fetchAlert = (id: string) => apiFetch<TAlertItem>(`${ALERTS_PATH}/Item/${encodeURIComponent(id)}`);
export const fetchGroupUsers = (group: TAlertUserGroup) => apiFetch<TAlertUser[]>(`${ALERTS_PATH}/Users/${group}`);
export const createAlert = (body: TAlertCreate) => apiFetch<{ message: string; _id: string }>(ALERTS_PATH, { method: 'POST', body });
export const emailAlert = (body: TAlertEmail) => apiFetch<{ message: string }>(`${ALERTS_PATH}/Email`, { method: 'POST', body });
export const deleteAlert = (id: string) => apiFetch<{ message: string }>(`${ALERTS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** After reading, sending or deleting: the grid and the badges. */
export function refreshAlerts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: listQueryKey(ALERTS_PATH) });
  void queryClient.invalidateQueries({ queryKey: UNREAD_ALERTS_KEY });
}
