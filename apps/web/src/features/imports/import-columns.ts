import { EXTERNAL_ID_COLUMN, IMPORT_COLUMNS, type ImportColumn, type ImportKindName } from '@apron/core/imports';
import type { TImportMapping } from './api/types';

/**
 * The columns the mapping screen, the errors grid and the preview are drawn from: the kind's own
 * (packages/core `IMPORT_COLUMNS`). For a kind not registered there yet, the columns the server
 * mapped the file to, named by their keys, so the page still works for it.
 */
export function importColumnsOf(kind: ImportKindName, mapping: TImportMapping = {}): readonly ImportColumn[] {
  const registered = IMPORT_COLUMNS[kind];
  if (registered) return registered;
  const keys = [...new Set(Object.values(mapping))].filter((key) => key !== EXTERNAL_ID_COLUMN.key);
  return [EXTERNAL_ID_COLUMN, ...keys.map((key): ImportColumn => ({ key, label: key, type: 'text', example: '' }))];
}
