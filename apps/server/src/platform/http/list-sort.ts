import { parseSort } from '@apron/core';
import { fieldError } from '../errors/app-error';

export interface ListSort<T> {
  field: string;
  direction: 'asc' | 'desc';
  /** What the field sorts by (a column or an SQL expression). */
  by: T;
}

/**
 * `?sort=field:dir` resolved against a list's whitelist of sortable fields, or the list's default.
 * Only the whitelist's own keys count: `__proto__`, `constructor` or `toString` are properties of
 * every object, not fields, and an unknown field is a 400 naming `sort`.
 */
export function resolveSort<T>(sorts: Readonly<Record<string, T>>, sort: string | undefined, fallback: { field: string; direction: 'asc' | 'desc' }): ListSort<T> {
  const { field, direction } = parseSort(sort) ?? fallback;
  if (!Object.hasOwn(sorts, field)) throw fieldError('sort', `Cannot sort by ${field}`);
  return { field, direction, by: sorts[field]! };
}
