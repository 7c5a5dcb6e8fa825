import { createHash } from 'node:crypto';
import type { SquareClient } from 'square';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './provider';

export interface SquareSettings {
  accessToken: string;
  locationId: string;
  applicationId: string;
  environment: 'sandbox' | 'production';
}

/**
 * Square through its official SDK (server side; the page tokenizes the card with the Web
 * Payments SDK and sends the nonce as the source token). Square keeps each idempotency key for
 * the same request, so a retry after a crash returns the first payment instead of charging again.
 */
export class SquarePaymentProvider implements PaymentProvider {
  readonly name = 'square' as const;
  readonly testMode: boolean;
  readonly publicConfig: Record<string, string>;
  private sdk: Promise<{ client: SquareClient; SquareError: typeof import('square').SquareError }> | null = null;

  constructor(private readonly settings: SquareSettings) {
    this.testMode = settings.environment === 'sandbox';
    this.publicConfig = { provider: 'square', applicationId: settings.applicationId, locationId: settings.locationId, environment: settings.environment };
  }

  /** The SDK is large (over a second to load): it is loaded on the first charge, not at start. */
  private loadSdk() {
    this.sdk ??= import('square').then(({ SquareClient, SquareEnvironment, SquareError }) => ({
      client: new SquareClient({
        token: this.settings.accessToken,
        environment: this.settings.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
      }),
      SquareError,
    }));
    return this.sdk;
  }

  /** Square allows 45 characters; a digest keeps any key of ours stable and within the limit. */
  private squareKey(key: string): string {
    return createHash('sha256').update(key).digest('hex').slice(0, 40);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const idempotencyKey = this.squareKey(request.idempotencyKey);
    const { client, SquareError } = await this.loadSdk();
    try {
      const response = await client.payments.create({
        sourceId: request.sourceToken,
        idempotencyKey,
        amountMoney: { amount: BigInt(request.amountCents), currency: 'USD' },
        locationId: this.settings.locationId,
        note: request.note,
        // Square cannot look a payment up by idempotency key: the same digest as the payment's
        // reference id lets `lookup` find it among the location's payments.
        referenceId: idempotencyKey,
        autocomplete: true,
      });
      const payment = response.payment;
      if (payment?.status === 'COMPLETED' || payment?.status === 'APPROVED') {
        return { status: 'approved', reference: payment.id ?? idempotencyKey, message: 'Approved' };
      }
      return { status: 'declined', reference: payment?.id ?? idempotencyKey, message: `Payment ${payment?.status ?? 'not completed'}` };
    } catch (error) {
      if (error instanceof SquareError) {
        const first = error.errors[0];
        // Card problems are the customer's to fix (a decline); everything else may pass on retry.
        if (first?.category === 'PAYMENT_METHOD_ERROR' || (error.statusCode === 400 && first?.code === 'GENERIC_DECLINE')) {
          return { status: 'declined', reference: idempotencyKey, message: first.detail ?? 'The card was declined.' };
        }
        return { status: 'error', reference: idempotencyKey, message: first?.detail ?? 'The payment service answered with an error. Try again.' };
      }
      return { status: 'error', reference: idempotencyKey, message: 'The payment service is unavailable. Try again.' };
    }
  }

  /**
   * Square has no lookup by idempotency key: list the location's payments since the attempt began
   * and find ours by its reference id (set on every charge). Not exercised against the sandbox.
   */
  async lookup(key: string, since: Date): Promise<ChargeResult | null> {
    const referenceId = this.squareKey(key);
    const { client } = await this.loadSdk();
    const page = await client.payments.list({ beginTime: new Date(since.getTime() - 60_000).toISOString(), locationId: this.settings.locationId, sortOrder: 'ASC' });
    for await (const payment of page) {
      if (payment.referenceId !== referenceId) continue;
      if (payment.status === 'COMPLETED' || payment.status === 'APPROVED') return { status: 'approved', reference: payment.id ?? referenceId, message: 'Approved' };
      return { status: 'declined', reference: payment.id ?? referenceId, message: `Payment ${payment.status ?? 'not completed'}` };
    }
    return null;
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { client, SquareError } = await this.loadSdk();
    try {
      await client.refunds.refundPayment({
        idempotencyKey: this.squareKey(`refund:${request.idempotencyKey}`),
        paymentId: request.reference,
        amountMoney: { amount: BigInt(request.amountCents), currency: 'USD' },
        reason: request.reason.slice(0, 192),
      });
      return { status: 'refunded', message: 'Refunded' };
    } catch (error) {
      const detail = error instanceof SquareError ? error.errors[0]?.detail : undefined;
      return { status: 'error', message: detail ?? 'The refund could not be made.' };
    }
  }
}
