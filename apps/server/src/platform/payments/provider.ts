/**
 * The card payment provider (docs/architecture.md, "Payments"; the flow in docs/billing.md). The server charges the provider its own figure in
 * cents with the caller's idempotency key; a provider must answer a repeated key with the first
 * result and charge once (the built-in test provider does; Square does by `idempotencyKey`).
 */
export interface ChargeRequest {
  amountCents: number;
  /** A card token from the page (Square Web Payments SDK nonce, or `test:<number>` in test mode). */
  sourceToken: string;
  idempotencyKey: string;
  /** Shown on the provider's dashboard. */
  note?: string;
}

export interface ChargeResult {
  status: 'approved' | 'declined' | 'error';
  /** The provider's payment id (approved), or an attempt reference. */
  reference: string;
  message: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'square';
  /** Test mode: the page shows the test card form and the "test mode" notice. */
  readonly testMode: boolean;
  /** What the page needs to load the card form (Square application and location ids). */
  readonly publicConfig: Record<string, string>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of a charge with this key (reconciling an attempt a crash left pending): the
   * charge's result, or null when the provider has none. `since` bounds the search (the attempt's
   * creation time) for providers that can only list payments.
   */
  lookup(idempotencyKey: string, since: Date): Promise<ChargeResult | null>;
  /** Give an approved charge back in full (its lines were paid meanwhile); same key, same refund. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface RefundRequest {
  /** The charge's reference (`ChargeResult.reference`). */
  reference: string;
  amountCents: number;
  idempotencyKey: string;
  reason: string;
}

export interface RefundResult {
  status: 'refunded' | 'error';
  message: string;
}
