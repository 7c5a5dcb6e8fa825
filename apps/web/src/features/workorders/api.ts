import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMasterInspectionOption, TMasterWorkorder, TMasterWorkorderValues, TWorkorder, TWorkorderForOption, TWorkorderFormView, TWorkorderRow,
} from '@apron/core/workorders/index';
import { listQueryKey } from '../../components/data-grid';
import { API_BASE, apiFetch } from '../../lib/api-client';

export const WORKORDER_GRID_PATH = '/Workorder/GetWorkorders';
const MASTERS_KEY = ['masterWorkorders'] as const;

type TUpdated = { message: string; workorder: TWorkorder };

const enc = encodeURIComponent;

/** The printed work order (a PDF the server renders), opened in a new tab. */
export function workorderPrintUrl(id: string): string {
  return `${API_BASE}/Workorder/print/${enc(id)}`;
}

export function useMasterWorkorders() {
  return useQuery({ queryKey: MASTERS_KEY, queryFn: () => apiFetch<TMasterWorkorder[]>('/MasterWorkorder') });
}

export function useMasterWorkorder(id: string) {
  return useQuery({ queryKey: [...MASTERS_KEY, id], queryFn: () => apiFetch<TMasterWorkorder>(`/MasterWorkorder/${enc(id)}`) });
}

export function useMasterInspectionOptions(enabled: boolean) {
  return useQuery({ queryKey: ['masterWorkorders', 'masterInspections'], queryFn: () => apiFetch<TMasterInspectionOption[]>('/MasterWorkorder/MasterInspections'), enabled });
}

/** Create (no id) or save a master work order; the masters reload. */
export function useSaveMasterWorkorder(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMasterWorkorderValues) =>
      id ? apiFetch<TMasterWorkorder>(`/MasterWorkorder/${enc(id)}`, { method: 'PUT', body }) : apiFetch<TMasterWorkorder>('/MasterWorkorder', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

export function useDeleteMasterWorkorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/MasterWorkorder/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

export function useWorkorderForOptions(masterId: string, enabled: boolean) {
  return useQuery({ queryKey: ['workorderFor', masterId], queryFn: () => apiFetch<TWorkorderForOption[]>(`/Workorder/WorkorderFor/${enc(masterId)}`), enabled });
}

function useWorkorderChanged() {
  const queryClient = useQueryClient();
  return async (workorder?: TWorkorder) => {
    if (workorder) queryClient.setQueryData(['workorder', workorder._id], workorder);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(WORKORDER_GRID_PATH) }),
      queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['workorderForm'] }),
      queryClient.invalidateQueries({ queryKey: ['inspectionWorkorders'] }),
    ]);
  };
}

export function useCreateWorkorder() {
  const changed = useWorkorderChanged();
  return useMutation({
    mutationFn: (body: unknown) => apiFetch<TWorkorder>('/Workorder/CreateWorkorders', { method: 'POST', body }),
    onSuccess: (workorder) => changed(workorder),
  });
}

export function useUpdateWorkorder(id: string) {
  const changed = useWorkorderChanged();
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => apiFetch<TUpdated>(`/Workorder/UpdateWorkorders/${enc(id)}`, { method: 'PUT', body }),
    onSuccess: (answer) => changed(answer.workorder),
  });
}

export function useCompleteWorkorder() {
  const changed = useWorkorderChanged();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TUpdated>(`/Workorder/Complete/${enc(id)}`, { method: 'POST' }),
    onSuccess: (answer) => changed(answer.workorder),
  });
}

export function useSaveWorkorderAnswers(id: string) {
  const changed = useWorkorderChanged();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => apiFetch<TUpdated>(`/Workorder/UpdateSimulateWorkorder/${enc(id)}`, { method: 'POST', body: { data } }),
    onSuccess: (answer) => changed(answer.workorder),
  });
}

/** The work order with its form (GetSimulateWorkorder). */
export function useWorkorderForm(id: string) {
  return useQuery({ queryKey: ['workorderForm', id], queryFn: () => apiFetch<TWorkorderFormView>(`/Workorder/GetSimulateWorkorder/${enc(id)}`), retry: false });
}

/** The work orders of one inspection (opened by its failed checks, or created for it). */
export function useInspectionWorkorders(inspectionId: string) {
  return useQuery({ queryKey: ['inspectionWorkorders', inspectionId], queryFn: () => apiFetch<TWorkorderRow[]>(`/Workorder/ForInspection/${enc(inspectionId)}`) });
}
