import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens. A signed-in browser's token is stored with its session. An anonymous visitor
 * (public forms) gets a random httpOnly cookie and a token that is its HMAC under SESSION_SECRET
 * (signed double-submit), so no state is kept for visitors.
 */
export const ANON_COOKIE = 'apron_anon';
export const CSRF_HEADER = 'x-csrf-token';

export function anonymousCsrfToken(secret: string, anonId: string): string {
  return createHmac('sha256', secret).update(`csrf:${anonId}`).digest('base64url');
}

export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
