import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChartData, TChartQuery, TSavedReport, TSavedReportCreate } from '@apron/core/reports';
import { apiFetch } from '../../lib/api-client';

export function useChartData(query: TChartQuery | null) {
  return useQuery({
    queryKey: ['reports', 'chart', query],
    queryFn: () => apiFetch<TChartData>('/Reports/Chart', { query: query ? { ...query } : {} }),
    enabled: !!query,
  });
}

const SAVED_KEY = ['reports', 'saved'] as const;

export function useSavedReports(enabled = true) {
  return useQuery({ queryKey: SAVED_KEY, queryFn: () => apiFetch<TSavedReport[]>('/Reports/GetAll'), enabled });
}

export function useSavedReportData(id: string, range: { start: string; end: string } | null) {
  return useQuery({
    queryKey: [...SAVED_KEY, id, range],
    queryFn: () => apiFetch<TSavedReport & { data: TChartData; start: string; end: string }>(`/Reports/GetData/${encodeURIComponent(id)}`, { query: range ?? {} }),
  });
}

export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavedReportCreate) => apiFetch<TSavedReport & { message: string }>('/Reports', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/Reports/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}
