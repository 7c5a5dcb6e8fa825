import { vi } from 'vitest';

/** The sandbox Square settings a test app is built with (`createTestApp(SQUARE_SANDBOX_ENV)`). */
export const SQUARE_SANDBOX_ENV = {
  SQUARE_ACCESS_TOKEN: 'EAAAsecret-access-token',
  SQUARE_LOCATION_ID: 'L-SANDBOX-1',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app1',
  SQUARE_ENVIRONMENT: 'sandbox',
};

const PAYMENTS_URL = 'https://connect.squareupsandbox.com/v2/payments';

/** One `CreatePayment` call as Square's sandbox received it (its JSON is snake_case). */
export interface SquarePaymentCall {
  authorization: string | null;
  body: { source_id: string; idempotency_key: string; amount_money: { amount: number; currency: string }; location_id: string; reference_id?: string; note?: string };
}

/**
 * A stand-in for Square's sandbox Payments API at the network boundary: the server's official
 * Square SDK sends its `POST /v2/payments` here through the global `fetch`; anything else goes
 * to the real network. Like Square, a repeated idempotency key answers the first result and
 * creates nothing. Source tokens: `cnon:card-nonce-ok` approves, `cnon:card-nonce-declined`
 * is declined (PAYMENT_METHOD_ERROR), any other is refused as an unknown token.
 */
export function fakeSquareApi() {
  const calls: SquarePaymentCall[] = [];
  const created: Array<{ id: string; amountCents: number; sourceId: string }> = [];
  const byKey = new Map<string, { status: number; body: unknown }>();
  const realFetch = globalThis.fetch;

  const answer = (call: SquarePaymentCall): { status: number; body: unknown } => {
    const { source_id: sourceId, idempotency_key: key, amount_money: money, location_id: locationId, reference_id: referenceId } = call.body;
    const seen = byKey.get(key);
    if (seen) return seen;
    let result: { status: number; body: unknown };
    if (call.authorization !== `Bearer ${SQUARE_SANDBOX_ENV.SQUARE_ACCESS_TOKEN}`) {
      return { status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Bad token' }] } };
    } else if (sourceId === 'cnon:card-nonce-ok') {
      const id = `sq-payment-${created.length + 1}`;
      created.push({ id, amountCents: Number(money.amount), sourceId });
      result = {
        status: 200,
        body: { payment: { id, status: 'COMPLETED', amount_money: money, location_id: locationId, reference_id: referenceId, source_type: 'CARD', created_at: new Date().toISOString() } },
      };
    } else if (sourceId === 'cnon:card-nonce-declined') {
      result = { status: 400, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: 'Authorization error: GENERIC_DECLINE' }] } };
    } else {
      result = { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Card nonce not found.' }] } };
    }
    byKey.set(key, result);
    return result;
  };

  const fetchStandIn = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== PAYMENTS_URL || (init.method ?? 'GET').toUpperCase() !== 'POST') return realFetch(input, init);
    const headers = new Headers(init.headers);
    const call: SquarePaymentCall = { authorization: headers.get('authorization'), body: JSON.parse(String(init.body)) as SquarePaymentCall['body'] };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  vi.stubGlobal('fetch', fetchStandIn);
  return { calls, created, restore: () => vi.unstubAllGlobals() };
}
