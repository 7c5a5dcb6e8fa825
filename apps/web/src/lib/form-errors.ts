import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Sets each 400 field error of the server on the form field of the same name.
 * Returns the messages whose field is not on the form (to be shown another way).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string[] {
  if (!isApiError(error)) return [];
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = fieldNames.includes(field) ? field : fieldNames.find((n) => field.startsWith(`${n}.`));
    if (name) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(message);
    }
  }
  return unmatched;
}
