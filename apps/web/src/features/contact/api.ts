import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

/** The public forms' paths (Contact Us, Lost/Stolen Card). */
export type TPublicFormPath = '/Alerts/ContactUs' | '/Alerts/RequestLostCard';

/** Sends a public form; the answer's message is the toast. */
export function useSendPublicForm<TBody>(path: TPublicFormPath) {
  return useMutation({ mutationFn: (body: TBody) => apiFetch<{ message?: string }>(path, { method: 'POST', body }) });
}
