import { AppError } from '../errors/app-error';

/** The text a client reads when the store refuses or cannot be reached; the cause goes to the log. */
export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable. Please try again later.';

export function fileNotInStorage(): AppError {
  return new AppError('NOT_FOUND', 'The file is not in storage.');
}

/**
 * The store itself failed (a bucket that does not exist or refuses the credentials, an endpoint
 * nobody answers, a data directory that cannot be written): 503 for the client, the store's own
 * error kept as `cause` for the log. Both drivers answer this, so callers handle one shape.
 */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError('UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE);
  error.cause = cause;
  return error;
}
