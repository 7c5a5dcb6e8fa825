import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryKey } from '../../../components/data-grid';
import { apiFetch } from '../../../lib/api-client';
import type { TImportBatch, TImportBatchErrors, TImportStatus } from './types';

/** `GET /api/Imports`: the airport's batches, newest first (the history grid pages it). */
export const IMPORT_HISTORY_PATH = '/Imports';

/** How often a running commit is asked how far it is. */
export const PROGRESS_POLL_MS = 1000;

export function importBatchKey(batchId: string): readonly unknown[] {
  return ['importBatch', batchId];
}

export const isRunning = (status: TImportStatus | undefined) => status === 'committing';

/**
 * `GET /api/Imports/{batchId}`: a batch's status and counts, asked again every second while it
 * commits. The job runs on the server, so leaving the page and coming back picks the run up again.
 */
export function useImportBatch(batchId: string) {
  return useQuery({
    queryKey: importBatchKey(batchId),
    queryFn: () => apiFetch<TImportBatch>(`/Imports/${encodeURIComponent(batchId)}`),
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? PROGRESS_POLL_MS : false),
  });
}

/** Reloads the history grid (a run that ended changes its row). */
export function useReloadImportHistory() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: listQueryKey(IMPORT_HISTORY_PATH) }), [queryClient]);
}

function useBatchMutation(path: (batchId: string) => string, method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => apiFetch<TImportBatch | undefined>(path(batchId), { method }),
    onSuccess: (_answer, batchId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importBatchKey(batchId) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(IMPORT_HISTORY_PATH) }),
      ]),
  });
}

/** `POST /api/Imports/{batchId}/Commit`: starts the commit job; progress follows through `useImportBatch`. */
export function useCommitImport() {
  return useBatchMutation((batchId) => `/Imports/${encodeURIComponent(batchId)}/Commit`, 'POST');
}

/** `DELETE /api/Imports/{batchId}`: undoes a committed batch (409 with the reason when a record changed since). */
export function useUndoImport() {
  return useBatchMutation((batchId) => `/Imports/${encodeURIComponent(batchId)}`, 'DELETE');
}

/** A page of a batch's errors (1-based `page`), and their total. */
export function useImportErrors(batchId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...importBatchKey(batchId), 'errors', page, pageSize],
    queryFn: ({ signal }) => apiFetch<TImportBatchErrors>(`/Imports/${encodeURIComponent(batchId)}`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
