import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type TManualPayment, type TPaymentResult, type TReceipt } from '@apron/core/payments';
import type { TInvoice } from '@apron/core/invoices';
import { apiFetch } from '../../lib/api-client';

const enc = encodeURIComponent;

// The card provider's public settings (`GET /api/Payment/Config`) are `lib/payment-config.ts`, for the card kit.

/** The invoice's cache key (the invoices feature's); a payment refreshes it. */
const invoiceKey = (id: string) => ['invoice', id];

export interface TCardPayment {
  lineIds: string[];
  sourceToken: string;
  /** One key per attempt: the same key on a retry of that attempt, so it never charges twice. */
  idempotencyKey: string;
}

/** Pay Online, signed in (`Invoices/Pay/{id}`) or by pay link (`Payment/{token}`). */
export function usePayByCard(target: { invoiceId: string } | { token: string }) {
  const queryClient = useQueryClient();
  const path = 'token' in target ? `/Payment/${enc(target.token)}` : `/Invoices/Pay/${enc(target.invoiceId)}`;
  return useMutation({
    mutationFn: ({ lineIds, sourceToken, idempotencyKey }: TCardPayment) =>
      apiFetch<TPaymentResult>(path, { method: 'POST', body: { lineIds, sourceToken }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: 'token' in target ? payLinkKey(target.token) : invoiceKey(target.invoiceId) }),
        queryClient.invalidateQueries({ queryKey: ['list'] }),
      ]),
  });
}

export function useManualPayment(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TManualPayment) => apiFetch<TPaymentResult>(`/Invoices/ManualPayment/${enc(invoiceId)}`, { method: 'POST', body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKey(invoiceId) }), queryClient.invalidateQueries({ queryKey: ['list'] })]),
  });
}

export const payLinkKey = (token: string) => ['payLink', token];

export function usePayLinkInvoice(token: string) {
  return useQuery({
    queryKey: payLinkKey(token),
    queryFn: () => apiFetch<{ invoice: TInvoice; paid: boolean; message: string | null }>(`/Payment/${enc(token)}`, { on401: 'throw' }),
  });
}

export function useReceipt(id: string) {
  return useQuery({ queryKey: ['receipt', id], queryFn: () => apiFetch<TReceipt>(`/Receipts/${enc(id)}`) });
}

export const receiptPdfUrl = (id: string) => `/api/Receipts/Pdf/${enc(id)}`;

/** A signed, expiring pay link for the invoice (Invoices staff). */
export function useCreatePayLink(invoiceId: string) {
  return useMutation({
    mutationFn: () => apiFetch<{ token: string; url: string; expiresAt: string }>(`/Invoices/PayLink/${enc(invoiceId)}`, { method: 'POST' }),
  });
}
