import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvoice, TInvoiceCreate, TInvoiceEmail, TLineItemInput } from '@apron/core/invoices';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

export const INVOICE_GRID_PATH = '/Invoices';
export const companyInvoicesPath = (companyId: string) => `/Company/Invoices/${encodeURIComponent(companyId)}`;

export function invoiceKey(id: string): readonly unknown[] {
  return ['invoice', id];
}

const enc = encodeURIComponent;

export function useInvoice(id: string) {
  return useQuery({ queryKey: invoiceKey(id), queryFn: () => apiFetch<TInvoice>(`/Invoices/${enc(id)}`) });
}

/** Active companies for the Company select and filter (staff only; the server decides who may list them). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companyOptions'],
    queryFn: () => apiFetch<{ _id: string; name: string }[]>('/Company/Active'),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInvoiceCreate) => apiFetch<{ message: string; _id: string; invoice: TInvoice }>('/Invoices', { method: 'POST', body }),
    onSuccess: (created) => {
      queryClient.setQueryData(invoiceKey(created._id), created.invoice);
      return queryClient.invalidateQueries({ queryKey: ['list'] });
    },
  });
}

/** Every invoice change answers with the new invoice: it replaces the cached one and grids reload. */
function useInvoiceChange<V>(id: string, call: (vars: V) => Promise<TInvoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKey(id), invoice);
      return queryClient.invalidateQueries({ queryKey: listQueryKey(INVOICE_GRID_PATH) });
    },
  });
}

export function useAddLine(id: string) {
  return useInvoiceChange(id, (body: TLineItemInput) => apiFetch<TInvoice>(`/Invoices/LineItems/Add/${enc(id)}`, { method: 'POST', body }));
}

export function useUpdateLine(id: string) {
  return useInvoiceChange(id, (body: TLineItemInput & { uid: string }) => apiFetch<TInvoice>(`/Invoices/LineItems/${enc(id)}`, { method: 'PUT', body }));
}

export function useRemoveLine(id: string) {
  return useInvoiceChange(id, (uid: string) => apiFetch<TInvoice>(`/Invoices/LineItems/${enc(id)}/${enc(uid)}`, { method: 'DELETE' }));
}

export function useCancelInvoice(id: string) {
  return useInvoiceChange(id, () => apiFetch<TInvoice>(`/Invoices/Cancel/${enc(id)}`, { method: 'PUT' }));
}

export function useSaveComments(id: string) {
  return useInvoiceChange(id, (comments: string) => apiFetch<TInvoice>(`/Invoices/Comments/${enc(id)}`, { method: 'POST', body: { comments } }));
}

export function useEmailInvoice(id: string) {
  return useMutation({
    mutationFn: (body: TInvoiceEmail) => apiFetch<{ message: string }>(`/Invoices/Email/${enc(id)}`, { method: 'POST', body }),
  });
}

export const invoicePdfUrl = (id: string) => `/api/Invoices/Pdf/${enc(id)}`;
