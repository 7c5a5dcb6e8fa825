import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBillingHoldCreate } from '@apron/core/invoices';
import { apiFetch } from '../../../lib/api-client';
import { billingPreviewRootKey } from './billing-preview';

/** `POST /api/InvoiceCycles/{cycleId}/Holds` `{ companyId, period, reason }`: the company is skipped by this period's run. */
export function useHoldCompany(cycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hold: TBillingHoldCreate) => apiFetch<unknown>(`/InvoiceCycles/${encodeURIComponent(cycleId)}/Holds`, { method: 'POST', body: hold }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingPreviewRootKey(cycleId) }),
  });
}

/** `DELETE /api/InvoiceCycles/{cycleId}/Holds/{companyId}?period=`: the period's run bills the company again. */
export function useReleaseHold(cycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, period }: { companyId: string; period: string }) =>
      apiFetch<{ message: string }>(`/InvoiceCycles/${encodeURIComponent(cycleId)}/Holds/${encodeURIComponent(companyId)}`, { method: 'DELETE', query: { period } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingPreviewRootKey(cycleId) }),
  });
}
