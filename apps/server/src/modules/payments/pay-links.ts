import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed pay links (PRODUCT-RULES 11): `<invoiceId>.<expiresAtSeconds>.<hmac>` with an HMAC-SHA256
 * of the first two parts under SESSION_SECRET. Anyone holding a valid, unexpired link may view
 * and pay that one invoice; nothing is stored, so rotating SESSION_SECRET voids every link.
 */
export const PAY_LINK_DAYS = 30;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`pay-link:${payload}`).digest('base64url');
}

export function createPayLinkToken(secret: string, invoiceId: string, now = new Date(), days = PAY_LINK_DAYS): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  const payload = `${invoiceId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt };
}

/** The invoice id of a valid, unexpired token, else null. */
export function verifyPayLinkToken(secret: string, token: string, now = new Date()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [invoiceId, expires, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(invoiceId) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(sign(secret, `${invoiceId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 < now.getTime()) return null;
  return invoiceId;
}
