import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SquarePaymentProvider } from './square-provider';
import { TestPaymentProvider } from './test-provider';

/** Square when SQUARE_* is configured (config refuses sandbox in production), else test mode. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.square ? new SquarePaymentProvider(config.square) : new TestPaymentProvider();
}

export type { PaymentProvider, ChargeRequest, ChargeResult, RefundRequest, RefundResult } from './provider';
export { TestPaymentProvider, type TestCharge } from './test-provider';
