import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TWaitlistApplicant, TWaitlistApplicantUpdate, TWaitlistMoveInput, TWaitlistTypeSummary,
} from '@apron/core/waitlist';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';
import { JOIN_INFO_KEY } from './api-public';

/** The type grid's list path (`GET WaitList/Type/{typeId}`). */
export const typeGridPath = (typeId: string) => `/WaitList/Type/${encodeURIComponent(typeId)}`;
export { FACT_SHEET_URL, JOIN_INFO_KEY, useJoinInfo } from './api-public';

const applicantKey = (id: string) => ['waitlistApplicant', id] as const;
const TYPES_KEY = ['waitlistTypes'] as const;

export function useWaitlistTypes() {
  return useQuery({ queryKey: TYPES_KEY, queryFn: () => apiFetch<TWaitlistTypeSummary[]>('/WaitList') });
}

export function useApplicant(id: string) {
  return useQuery({ queryKey: applicantKey(id), queryFn: () => apiFetch<TWaitlistApplicant>(`/WaitList/${encodeURIComponent(id)}`) });
}

/** After any change: the applicant, every type grid and the counts reload. */
function useInvalidateWaitlist() {
  const queryClient = useQueryClient();
  return async (id?: string) => {
    if (id) await queryClient.invalidateQueries({ queryKey: applicantKey(id) });
    await queryClient.invalidateQueries({ queryKey: TYPES_KEY });
    const [listRoot] = listQueryKey('');
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === listRoot && String(q.queryKey[1] ?? '').startsWith('/WaitList/Type/') });
  };
}

export function useSaveApplicant() {
  const invalidate = useInvalidateWaitlist();
  return useMutation({
    mutationFn: (body: TWaitlistApplicantUpdate) => apiFetch<{ message: string; applicant: TWaitlistApplicant }>('/WaitList', { method: 'PUT', body }),
    onSuccess: (answer) => invalidate(answer.applicant._id),
  });
}

export function useDeleteApplicant() {
  const invalidate = useInvalidateWaitlist();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/WaitList/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

export function useMoveApplicant(id: string) {
  const invalidate = useInvalidateWaitlist();
  return useMutation({
    mutationFn: (body: TWaitlistMoveInput) => apiFetch<{ message: string; applicant: TWaitlistApplicant }>(`/WaitList/Move/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: () => invalidate(id),
  });
}

export function useCreateAccount() {
  const invalidate = useInvalidateWaitlist();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string; companyId: string; created: boolean }>('/WaitList/createAccount', { method: 'POST', body: { _id: id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

export function useUploadFactSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch<{ message: string }>('/factsheet', { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOIN_INFO_KEY }),
  });
}
