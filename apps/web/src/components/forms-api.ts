import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TForm, TFormFile, TFormListRow, TFormSchema } from '@apron/core/forms';
import { apiFetch, apiList } from '../lib/api-client';

/** The form builder's calls (form picker, designer, viewer): components never call fetch. */
export const formQueryKey = (id: string, version?: number) => ['forms', id, version ?? 'latest'] as const;
const FORMS_KEY = ['forms'] as const;

/** `getForm/{id}` (the latest version, or the one asked for). */
export function useFormVersion(id: string | null | undefined, version?: number) {
  return useQuery({
    queryKey: formQueryKey(id ?? '', version),
    queryFn: () => apiFetch<TForm>(`/getForm/${id}`, { query: { version } }),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** Every form, for a master's Form select. */
export function useFormList() {
  return useQuery({ queryKey: [...FORMS_KEY, 'list'], queryFn: () => apiList<TFormListRow>('/Forms', { query: { pageSize: 1000 } }) });
}

/** `Forms/createForm` (no form yet) or `updateForm/{id}` (a new version); every form query reloads. */
export function useSaveForm(form: TForm | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; schema: TFormSchema | null }) =>
      form ? apiFetch<TForm>(`/updateForm/${form._id}`, { method: 'PUT', body }) : apiFetch<TForm>('/Forms/createForm', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

/** Stores one file a form's file picker chose; the answer's id goes into the answers. */
export function uploadFormFile(file: File): Promise<TFormFile> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<TFormFile>('/Forms/uploadfile', { method: 'POST', body });
}
