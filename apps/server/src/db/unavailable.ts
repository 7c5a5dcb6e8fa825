/**
 * Does this error mean the database cannot be reached right now (restart, failover, outage),
 * rather than that this request was wrong? Those become 503 `UNAVAILABLE`, never 500, and the
 * pool opens fresh connections once the database is back.
 *
 * - SQLSTATE class 08 (connection exception) and 57P01-57P03 (admin/crash shutdown, cannot
 *   connect now);
 * - any FATAL or PANIC from the server: the session is gone (e.g. a database not accepting
 *   connections refuses the login with FATAL 55000);
 * - node-postgres' own errors without a SQLSTATE when the socket dies or cannot be opened.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DRIVER_MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error/, /timeout exceeded when trying to connect/, /^Client was closed/];

interface MaybePgError {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isUnavailableOne(error: MaybePgError): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  if (SOCKET_CODES.has(code)) return true;
  if (error.severity === 'FATAL' || error.severity === 'PANIC') return true;
  // node-postgres raises these as plain Errors with no code: its message is all there is.
  return !code && typeof error.message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(error.message as string));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors (`cause`); a failed connect may be an AggregateError (IPv4 + IPv6).
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as MaybePgError;
    if (isUnavailableOne(candidate)) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => inner && typeof inner === 'object' && isUnavailableOne(inner as MaybePgError))) return true;
    current = candidate.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment. Please try again shortly.';
