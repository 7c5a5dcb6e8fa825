import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBalanceRecordCreate, TBalances, TPayFromBalanceResult } from '@apron/core/balances';
import { IDEMPOTENCY_HEADER } from '@apron/core/payments';
import type { TLineItem } from '@apron/core/invoices';
import { apiFetch, apiFetchWithTotal } from '../../lib/api-client';

const enc = encodeURIComponent;

export const balancesKey = (companyId: string) => ['balances', companyId];
export const unpaidKey = (companyId: string) => ['unpaidBalance', companyId];

export interface TUnpaidInvoice {
  _id: string;
  name: string;
  invoiceNumber: number;
  dueDate: string | null;
  status: string;
  amountDue: number;
  lineItems: TLineItem[];
}

/** The ledger page: `{ balance, records }` with the total in `X-Total-Count`. */
export function useBalances(companyId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...balancesKey(companyId), page, pageSize],
    queryFn: async ({ signal }) => {
      const { body, total } = await apiFetchWithTotal<TBalances>(`/Company/Balances/${enc(companyId)}`, { query: { page, pageSize }, signal });
      return { ...body, total: total ?? (page - 1) * pageSize + body.records.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Add Record; the Idempotency-Key (`useMoneyAttempt`) makes a repeated click one record. */
export function useAddBalanceRecord(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TBalanceRecordCreate; idempotencyKey: string }) =>
      apiFetch<{ message: string }>('/Company/Balances', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: balancesKey(companyId) }), queryClient.invalidateQueries({ queryKey: unpaidKey(companyId) })]),
  });
}

export function useUnpaidBalance(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: unpaidKey(companyId),
    queryFn: () => apiFetch<{ balance: number; invoices: TUnpaidInvoice[] }>(`/Company/UnpaidBalance/${enc(companyId)}`),
    enabled,
  });
}

/**
 * Pay from balance: invoice id -> line ids; the server decides the amount and checks funds. The
 * Idempotency-Key (`useMoneyAttempt`) makes a repeated click get the first answer, not a refusal.
 */
export function usePayFromBalance(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Record<string, string[]>; idempotencyKey: string }) =>
      apiFetch<TPayFromBalanceResult>('/Company/UpdateInvoiceItems', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: unpaidKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: ['invoice'] }),
        queryClient.invalidateQueries({ queryKey: ['list'] }),
      ]),
  });
}
