/**
 * Some URLs carry a secret: the wait-list applicant's private link (`/waitList/status/<token>`,
 * `?token=` on the chat calls), pay links (`/payment/<token>`) and one-time sign-in codes
 * (`/signin/<code>`). Request logs keep the route and drop the secret, so a log reader cannot
 * open someone's queue place, chat or payment.
 */
const SECRET_PATHS = /^(\/(?:api\/)?(?:waitList\/status|WaitList\/Status|payment|signin)\/)[^/?#]+/i;
const SECRET_QUERY = /([?&](?:token|code)=)[^&#]*/gi;

export function maskUrlSecrets(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request log line, with the URL's secrets masked. */
export function serializeRequestForLog(request: LoggedRequest) {
  return { method: request.method, url: maskUrlSecrets(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
