import { useQuery } from '@tanstack/react-query';
import type { TTiedownCreateInput, TTiedownCreated, TTiedownFormInfo, TTiedownQuote } from '@apron/core/tiedowns';
import { apiFetch } from '../../lib/api-client';

/** The public form's calls: no zod, no staff code (the page is measured by the first-load bench). */
export const TIEDOWN_FORM_QUERY_KEY = ['tiedownForm'] as const;

export function useTiedownFormInfo() {
  return useQuery({ queryKey: TIEDOWN_FORM_QUERY_KEY, queryFn: () => apiFetch<TTiedownFormInfo>('/TieDown/Form') });
}

/** The server's quote for a stay; only asked once the type and both dates make a valid stay. */
export function useTiedownQuote(input: { airCraftType: string; beginDate: string; endDate: string } | null) {
  return useQuery({
    queryKey: ['tiedownQuote', input],
    queryFn: () => apiFetch<TTiedownQuote>('/TieDown/Quote', { query: input! }),
    enabled: !!input,
    staleTime: 30_000,
  });
}

export function submitTiedown(body: TTiedownCreateInput, idempotencyKey: string): Promise<TTiedownCreated> {
  return apiFetch<TTiedownCreated>('/Invoices/TieDown', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}
