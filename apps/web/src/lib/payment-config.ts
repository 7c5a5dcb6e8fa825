import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** The card provider's public settings; Square's Web Payments SDK needs its ids and environment. */
export type TPaymentProviderConfig =
  | { provider: 'test' }
  | { provider: 'square'; applicationId: string; locationId: string; environment: 'sandbox' | 'production' };

/** `GET /api/Payment/Config` (public): what a card form needs, never a secret. */
export interface TPaymentConfig {
  testMode: boolean;
  provider: TPaymentProviderConfig;
  /** The built-in test provider's documented cards; null with a real provider. */
  testCards: Record<string, string> | null;
}

export const PAYMENT_CONFIG_KEY = ['paymentConfig'] as const;

/** Asked once per page load: the provider only changes with a server restart. */
export function usePaymentConfig(enabled = true) {
  return useQuery({ queryKey: PAYMENT_CONFIG_KEY, queryFn: () => apiFetch<TPaymentConfig>('/Payment/Config'), staleTime: Infinity, enabled });
}
