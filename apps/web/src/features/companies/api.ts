import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyUser, TCompanyUserAdded, TCompanyUserCreate, TCompanyValues } from '@apron/core/companies';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

export const COMPANY_GRID_PATH = '/Company';

export function companyKey(id: string): readonly unknown[] {
  return ['company', id];
}

export function companyUsersKey(id: string): readonly unknown[] {
  return ['companyUsers', id];
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: companyKey(id),
    queryFn: () => apiFetch<TCompany>(`/Company/${encodeURIComponent(id)}`),
  });
}

/** Create (no id) or save; the answer replaces the cached company and the grid reloads. */
export function useSaveCompany(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyValues) =>
      id
        ? apiFetch<TCompany>(`/Company/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<TCompany>('/Company', { method: 'POST', body }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyKey(company._id), company);
      return queryClient.invalidateQueries({ queryKey: listQueryKey(COMPANY_GRID_PATH) });
    },
  });
}

export function useCompanyUsers(id: string) {
  return useQuery({
    queryKey: companyUsersKey(id),
    queryFn: () => apiFetch<TCompanyUser[]>(`/Company/Users/${encodeURIComponent(id)}`),
  });
}

export function useAddCompanyUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyUserCreate) =>
      apiFetch<TCompanyUserAdded>(`/Company/Users/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUsersKey(id) }),
  });
}

export function useToggleCompanyUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; enabled: boolean }) =>
      apiFetch<TCompanyUser>(`/Company/Users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUsersKey(id) }),
  });
}

/** Removes the user from this company only (they act for another company too; else: disable). */
export function useRemoveCompanyUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<void>(`/Company/Users/${encodeURIComponent(id)}/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUsersKey(id) }),
  });
}
