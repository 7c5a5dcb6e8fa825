import type { ImportKindName } from '@apron/core/imports';
import { API_BASE } from '../../../lib/api-client';

/*
 * Download links: the browser streams the file itself (GET with the session cookie; reads need no
 * CSRF token), as the reports' export buttons do.
 */

/** `GET /api/Imports/Templates/{kind}`: the kind's CSV template with an example row. */
export function templateHref(kind: ImportKindName): string {
  return `${API_BASE}/Imports/Templates/${encodeURIComponent(kind)}`;
}

/** `GET /api/Imports/{batchId}/Errors.csv`: every error of a dry run, by row and column. */
export function errorsCsvHref(batchId: string): string {
  return `${API_BASE}/Imports/${encodeURIComponent(batchId)}/Errors.csv`;
}
