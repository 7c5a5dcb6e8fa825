import { createHash } from 'node:crypto';
import { SquareClient, SquareEnvironment, SquareError } from 'square';
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
  private readonly client: SquareClient;

  constructor(private readonly settings: SquareSettings) {
    this.testMode = settings.environment === 'sandbox';
    this.publicConfig = { provider: 'square', applicationId: settings.applicationId, locationId: settings.locationId, environment: settings.environment };
    this.client = new SquareClient({
      token: settings.accessToken,
      environment: settings.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    // Square allows 45 characters; a digest keeps any key of ours stable and within the limit.
    const idempotencyKey = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 40);
    try {
      const response = await this.client.payments.create({
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
