import { ERROR_STATUS, type TErrorCode } from '@apron/core';

/**
 * The one error type services throw. The code is stable (clients may branch on it), the message
 * is the text a person reads (the spec's text where it gives one), the status comes from one map.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: TErrorCode,
    message: string,
    /** Field errors for VALIDATION: `{ field: message }`. */
    readonly fields?: Record<string, string>,
    /** A VALIDATION whose message says more than its first field (sent as `message` beside `errors`). */
    readonly explains = false,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export function notFound(message = 'Not found'): AppError {
  return new AppError('NOT_FOUND', message);
}

export function forbidden(message = 'You do not have access to this.'): AppError {
  return new AppError('FORBIDDEN', message);
}

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

/** A 400 for one field, shaped like schema validation errors so forms show it on the field. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}
