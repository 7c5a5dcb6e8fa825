import { createHash } from 'node:crypto';
import type { SquareClient } from 'square';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider';

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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    // Square allows 45 characters; a digest keeps any key of ours stable and within the limit.
    const idempotencyKey = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 40);
    const { client, SquareError } = await this.loadSdk();
    try {
      const response = await client.payments.create({
        sourceId: request.sourceToken,
        idempotencyKey,
        amountMoney: { amount: BigInt(request.amountCents), currency: 'USD' },
        locationId: this.settings.locationId,
        note: request.note,
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
}
