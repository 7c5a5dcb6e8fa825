/**
 * The closed set of error codes the API answers with, and their HTTP statuses (one map).
 * 400 bodies are `{ errors: { field: message } }`; every other error is `{ code, message }`.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  CSRF: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export interface TErrorBody {
  code: TErrorCode | string;
  message: string;
}

export interface TValidationErrorBody {
  errors: Record<string, string>;
}

/** The fallback text of the spec's error catalogue. */
export const FALLBACK_ERROR_MESSAGE = 'Error Occurred';
