import { EXTERNAL_ID_COLUMN, type ImportColumn, type ImportKindName } from '@apron/core/imports';

/**
 * PROVISIONAL: the columns of each kind, until the kinds' column lists are on this branch (their
 * files in packages/core/src/imports). The screens are built from `ImportColumn` alone.
 */
const COLUMNS_BY_KIND: Partial<Record<ImportKindName, readonly ImportColumn[]>> = {};

export function importColumnsOf(kind: ImportKindName): readonly ImportColumn[] {
  return COLUMNS_BY_KIND[kind] ?? [EXTERNAL_ID_COLUMN];
}
