import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBillingPreview } from '@apron/core/invoices';
import { apiFetch } from '../../../lib/api-client';

/** Every preview of a cycle (any period, any page): what a hold, a release or a run makes stale. */
export const billingPreviewRootKey = (cycleId: string): readonly unknown[] => ['billingPreview', cycleId];

export interface TPreviewRequest {
  cycleId: string;
  /** Any date inside the period; empty for the next scheduled run. */
  period: string;
  page: number;
  pageSize: number;
}

/** `GET /api/InvoiceCycles/{cycleId}/Preview?period=&page=&pageSize=`: what the run will bill, a page of companies, totals over all. */
export function useBillingPreview({ cycleId, period, page, pageSize }: TPreviewRequest) {
  return useQuery({
    queryKey: [...billingPreviewRootKey(cycleId), period, page, pageSize],
    queryFn: () => apiFetch<TBillingPreview>(`/InvoiceCycles/${encodeURIComponent(cycleId)}/Preview`, { query: { period: period || undefined, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
