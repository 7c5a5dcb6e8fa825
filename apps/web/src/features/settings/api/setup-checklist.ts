import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSetupChecklist } from '@apron/core/settings';
import { apiFetch } from '../../../lib/api-client';

export const SETUP_CHECKLIST_KEY = ['setup', 'checklist'] as const;

/** The first-run checklist of the current airport (Settings administrators only: others never ask). */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({ queryKey: SETUP_CHECKLIST_KEY, queryFn: () => apiFetch<TSetupChecklist>('/Setup'), enabled });
}

/** Hides the checklist for the airport's administrators; the answer is the new state. */
export function useDismissSetupChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TSetupChecklist>('/Setup/Dismiss', { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(SETUP_CHECKLIST_KEY, answer),
  });
}
