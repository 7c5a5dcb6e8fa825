import { createHash } from 'node:crypto';
import { TEST_CARDS } from '@apron/core';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './provider';

export interface TestCharge {
  idempotencyKey: string;
  amountCents: number;
  result: ChargeResult;
}

/**
 * The built-in test provider (the default; no money moves). Source tokens are `test:<card
 * number>`: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines, 4000 0000 0000 0119
 * fails transiently (a retry with the same key tries again). Like a real provider it remembers
 * each idempotency key and answers a repeat with the first result without charging again. Its
 * ledger lives in this process (one per app), which is what tests inspect.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;
  readonly publicConfig = { provider: 'test' };
  /** Every approved charge, in order (a repeated key adds nothing). */
  readonly charges: TestCharge[] = [];
  /** Every refund, in order (a repeated key adds nothing). */
  readonly refunds: Array<{ idempotencyKey: string; reference: string; amountCents: number }> = [];
  /** Every call, including repeats, declines and errors. */
  calls = 0;
  private readonly results = new Map<string, { amountCents: number; result: ChargeResult }>();

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.calls += 1;
    const previous = this.results.get(request.idempotencyKey);
    if (previous) {
      if (previous.amountCents !== request.amountCents) {
        return { status: 'error', reference: previous.result.reference, message: 'Idempotency key reused with a different amount.' };
      }
      return previous.result;
    }
    const reference = `test_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20)}`;
    const card = request.sourceToken.startsWith('test:') ? request.sourceToken.slice(5).replace(/[\s-]/g, '') : '';
    let result: ChargeResult;
    if (card === TEST_CARDS.approve) result = { status: 'approved', reference, message: 'Approved (test mode)' };
    else if (card === TEST_CARDS.decline) result = { status: 'declined', reference, message: 'The card was declined (test card 4000 0000 0000 0002).' };
    else if (card === TEST_CARDS.transientError) return { status: 'error', reference, message: 'The payment service is unavailable. Try again.' };
    else result = { status: 'declined', reference, message: 'Unknown test card. Use 4242 4242 4242 4242.' };
    this.results.set(request.idempotencyKey, { amountCents: request.amountCents, result });
    if (result.status === 'approved') this.charges.push({ idempotencyKey: request.idempotencyKey, amountCents: request.amountCents, result });
    return result;
  }

  async lookup(idempotencyKey: string): Promise<ChargeResult | null> {
    return this.results.get(idempotencyKey)?.result ?? null;
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const charge = this.charges.find((c) => c.result.reference === request.reference);
    if (!charge || charge.amountCents < request.amountCents) return { status: 'error', message: 'No such charge to refund.' };
    if (!this.refunds.some((r) => r.idempotencyKey === request.idempotencyKey)) {
      this.refunds.push({ idempotencyKey: request.idempotencyKey, reference: request.reference, amountCents: request.amountCents });
    }
    return { status: 'refunded', message: 'Refunded (test mode)' };
  }
}
