import { useMutation } from '@tanstack/react-query';
import type { ImportKindName } from '@apron/core/imports';
import { apiFetch } from '../../../lib/api-client';
import { useReloadImportHistory } from './batches';
import type { TImportMapping, TImportPreview } from './types';

export interface TDryRunInput {
  kind: ImportKindName;
  file: File;
  /** Absent on the first run: the server guesses it from the headers (or the mapping saved for the kind). */
  mapping?: TImportMapping;
}

/** `POST /api/Imports` with `dryRun`: uploads the file and answers what it would do; nothing is written. */
export function postDryRun({ kind, file, mapping }: TDryRunInput): Promise<TImportPreview> {
  const body = new FormData();
  body.set('kind', kind);
  if (mapping) body.set('mapping', JSON.stringify(mapping));
  body.set('dryRun', 'true');
  // The file last: a multipart reader streams it, and the fields it needs first are already read.
  body.set('file', file, file.name);
  return apiFetch<TImportPreview>('/Imports', { method: 'POST', body });
}

/** The dry run; the history lists the checked file too. */
export function useDryRun() {
  const reloadHistory = useReloadImportHistory();
  return useMutation({ mutationFn: postDryRun, onSuccess: () => void reloadHistory() });
}
