import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSendNotice } from '@apron/core/communications';
import type { TNoticePreview, TNoticesForRecord } from '@apron/core/notices';
import { apiFetch } from '../lib/api-client';

/** Send Notice's calls (the dialog never calls fetch). */
export const noticesForRecordKey = (module: string, id: string) => ['notices', 'forRecord', module, id] as const;

/** The module's notices and the record's allowed recipients, for this caller. */
export function useNoticesForRecord(module: string, id: string) {
  return useQuery({ queryKey: noticesForRecordKey(module, id), queryFn: () => apiFetch<TNoticesForRecord>('/Notices/ForRecord', { query: { module, id } }) });
}

/** The chosen notice's subject and body as the server would send them now. */
export function useNoticePreview(key: string, id: string) {
  return useQuery({ queryKey: ['notices', 'preview', key, id], queryFn: () => apiFetch<TNoticePreview>('/Notices/Preview', { query: { key, id } }), enabled: !!key });
}

export function useSendNotice() {
  return useMutation({ mutationFn: (body: z.output<typeof ZSendNotice>) => apiFetch<{ message: string }>('/SendNotices', { method: 'POST', body }) });
}
