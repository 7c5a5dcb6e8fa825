import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from './api-client';
import { applyFieldErrors, type TFieldNames } from './form-errors';
import type { TNotify } from './notify';

/** A failed form save: field errors go on their fields, anything else is a toast. */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: TFieldNames,
  notify: TNotify,
): void {
  const unmatched = applyFieldErrors(error, setError, fieldNames);
  if (isApiError(error) && error.hasFieldErrors) {
    if (unmatched.length > 0) notify.error(new ApiError(400, 'VALIDATION', unmatched.join(' ')));
    return;
  }
  notify.error(error);
}
