import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface TInvoiceCycleRow {
  _id: string;
  name: string;
  description?: string;
  dueDays?: number;
  expression?: string;
}

/** `GET /api/InvoiceCycles`: the airport's invoice cycles (the shorthand list the agreement form uses too). */
export function useInvoiceCycles() {
  return useQuery({ queryKey: ['invoiceCycles'], queryFn: () => apiFetch<TInvoiceCycleRow[]>('/InvoiceCycles') });
}
