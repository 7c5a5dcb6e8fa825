import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAgingReport, TConsolidatedAgingReport, TConsolidatedInvoiceReport, TConsolidatedRentRoll, TDashboard, TInsuranceReportRow, TInvoiceReport, TInvoiceReportKind, TRentRollRow, TReportPeriods } from '@apron/core/reports';
import { API_BASE, apiFetch } from '../../lib/api-client';

/** The signed-in home's figures (staff: by module; tenant: their company). */
export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => apiFetch<TDashboard>('/Dashboard'), staleTime: 30_000 });
}

/** Periods and year options, computed by the server in the airport time zone. */
export function useReportPeriods() {
  return useQuery({ queryKey: ['reports', 'periods'], queryFn: () => apiFetch<TReportPeriods>('/Reports/Periods'), staleTime: 60_000 });
}

/** `POST Reports/Invoices` is a read: cached by its body like a GET. */
export function useInvoiceReport(range: { begin: string; end: string; kind: TInvoiceReportKind } | null) {
  return useQuery({
    queryKey: ['reports', 'invoices', range],
    queryFn: () => apiFetch<TInvoiceReport>('/Reports/Invoices', { method: 'POST', body: range }),
    enabled: !!range,
    placeholderData: keepPreviousData,
  });
}

export function useInsuranceReport(which: 'Expired' | 'Expiring Soon', enabled: boolean) {
  return useQuery({ queryKey: ['reports', 'insurances', which], queryFn: () => apiFetch<TInsuranceReportRow[]>(`/Reports/Insurances/${encodeURIComponent(which)}`), enabled });
}

export function useAgingReport(enabled: boolean) {
  return useQuery({ queryKey: ['reports', 'aging'], queryFn: () => apiFetch<TAgingReport>('/Reports/Aging'), enabled });
}

export function useRentRoll(enabled: boolean) {
  return useQuery({ queryKey: ['reports', 'rent-roll'], queryFn: () => apiFetch<TRentRollRow[]>('/Reports/RentRoll'), enabled });
}

/** The consolidated reports across airports (`?scope=all`, authority-wide administrators only). */
export function useConsolidatedInvoiceReport(range: { begin: string; end: string; kind: TInvoiceReportKind }) {
  return useQuery({
    queryKey: ['reports', 'invoices', 'all', range],
    queryFn: () => apiFetch<TConsolidatedInvoiceReport>('/Reports/Invoices?scope=all', { method: 'POST', body: range }),
    placeholderData: keepPreviousData,
  });
}

export function useConsolidatedAging() {
  return useQuery({ queryKey: ['reports', 'aging', 'all'], queryFn: () => apiFetch<TConsolidatedAgingReport>('/Reports/Aging?scope=all') });
}

export function useConsolidatedRentRoll() {
  return useQuery({ queryKey: ['reports', 'rent-roll', 'all'], queryFn: () => apiFetch<TConsolidatedRentRoll>('/Reports/RentRoll?scope=all') });
}

export const drillDownPath = (companyId: string) => `/Reports/Invoices/${encodeURIComponent(companyId)}`;

/** A download link: the browser streams the file (GET, session cookie; no CSRF needed for reads). */
export function exportHref(report: string, format: 'csv' | 'xlsx' | 'pdf', params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ format, ...params });
  return `${API_BASE}/Reports/Export/${report}?${query.toString()}`;
}
