import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormAnswers } from '@apron/core/forms';
import type {
  TInspection, TInspectionDetail, TInspectionModule, TMasterInspection, TMasterInspectionValues,
} from '@apron/core/inspections';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

/** The calls of the inspections screens (spec doc 2 §7 Inspections), one place for their cache keys. */
export const MASTERS_KEY = ['inspections', 'masters'] as const;
export const INSPECTIONS_GRID_PATH = '/Inspection/GetInspections';
export const MY_INSPECTIONS_PATH = '/Inspection/GetAllMyInspections';
const detailKey = (id: string) => ['inspections', 'detail', id] as const;

export function useMasterInspections() {
  return useQuery({ queryKey: MASTERS_KEY, queryFn: () => apiFetch<TMasterInspection[]>('/MasterInspection') });
}

export function useMasterInspection(id: string) {
  return useQuery({ queryKey: [...MASTERS_KEY, id], queryFn: () => apiFetch<TMasterInspection>(`/MasterInspection/${encodeURIComponent(id)}`) });
}

export function useSaveMaster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TMasterInspectionValues }) =>
      id
        ? apiFetch<TMasterInspection>(`/MasterInspection/${encodeURIComponent(id)}`, { method: 'PUT', body: values })
        : apiFetch<TMasterInspection>('/MasterInspection', { method: 'POST', body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

export function useDeleteMaster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/MasterInspection/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

export function useSubjects(module: TInspectionModule | '' | undefined) {
  return useQuery({
    queryKey: ['inspections', 'subjects', module],
    queryFn: () => apiFetch<Array<{ _id: string; name: string }>>('/Inspection/Subjects', { query: { module } }),
    enabled: !!module,
  });
}

function useInvalidateInspections() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: listQueryKey(INSPECTIONS_GRID_PATH) }),
      client.invalidateQueries({ queryKey: listQueryKey(MY_INSPECTIONS_PATH) }),
      client.invalidateQueries({ queryKey: ['inspections'] }),
    ]);
}

export function useCreateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: { inspectionId: string; module: TInspectionModule; inspectionfor: string; name: string; email: string }) =>
      apiFetch<{ message: string; inspection: TInspection }>('/Inspection/CreateInspections', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { name: string; email: string } }) =>
      apiFetch<{ message: string; inspection: TInspection }>(`/Inspection/UpdateInspections/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** One inspection with its form: staff any (`GetSimulateInspection`), an inspector their own. */
export function useInspectionDetail(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: () => apiFetch<TInspectionDetail>(`/Inspection/GetSimulateInspection/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });
}

export function useSaveAnswers(id: string) {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: ({ data, complete }: { data: TFormAnswers; complete: boolean }) =>
      apiFetch<{ message: string; inspection: TInspectionDetail }>(
        `/Inspection/${complete ? 'CompleteInspection' : 'UpdateSimulateInspection'}/${encodeURIComponent(id)}`,
        { method: 'POST', body: { data } },
      ),
    onSuccess: invalidate,
  });
}
