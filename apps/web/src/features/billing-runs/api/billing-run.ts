import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBillingRun } from '@apron/core/invoices';
import { apiFetch } from '../../../lib/api-client';
import { billingPreviewRootKey } from './billing-preview';

/** How often a running run is asked how far it is. */
export const RUN_POLL_MS = 1000;

export const isRunGoing = (run: TBillingRun | undefined) => run?.status === 'queued' || run?.status === 'running';

/** `POST /api/InvoiceCycles/{cycleId}/Run` `{ period }` with the attempt's Idempotency-Key: the run's id (the same for a repeat). */
export function useStartBillingRun(cycleId: string) {
  return useMutation({
    mutationFn: ({ period, idempotencyKey }: { period: string; idempotencyKey: string }) =>
      apiFetch<{ runId: string }>(`/InvoiceCycles/${encodeURIComponent(cycleId)}/Run`, { method: 'POST', body: { period }, headers: { 'Idempotency-Key': idempotencyKey } }),
  });
}

/**
 * `GET /api/InvoiceCycles/Runs/{runId}`: a run's status and progress, asked again every second while
 * it runs. The run is a job on the server: a reload (the run id is in the page's address) picks it up.
 * Once it ends, the cycle's previews are reloaded (what is left to bill changed).
 */
export function useBillingRun(cycleId: string, runId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['billingRun', runId],
    enabled: !!runId,
    queryFn: async () => {
      const run = await apiFetch<TBillingRun>(`/InvoiceCycles/Runs/${encodeURIComponent(runId!)}`);
      if (!isRunGoing(run)) await queryClient.invalidateQueries({ queryKey: billingPreviewRootKey(cycleId) });
      return run;
    },
    refetchInterval: (query) => (isRunGoing(query.state.data) ? RUN_POLL_MS : false),
  });
}
