import { useState } from 'react';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import { errorMessage, isTransientFailure } from '../../lib/api-client';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { usePayByCard } from './api';

export interface TCardProblem {
  text: string;
  retry: boolean;
}

export interface TCardAttempt {
  lineIds: string[];
  /** What identifies the card of this attempt besides the lines (`TCardEntryState.card`: the test card number; '' for Square). */
  card: string;
  /** Produces the source token for a new attempt (`CardEntry`'s `tokenize()`). A retry reuses the first one. */
  tokenize: () => Promise<string>;
}

/**
 * Pay With Card, shared by the test card form and Square's, on the kit's money pattern
 * (`useMoneyAttempt`): one request at a time, one Idempotency-Key and one source token per
 * attempt (the same lines and card). A retry after a network or provider failure reuses the key
 * and the token, so a repeated click never charges twice; a definitive answer ends the attempt.
 */
export function useCardPayment(target: { invoiceId: string } | { token: string }, onPaid: () => void) {
  const notify = useNotify();
  const pay = usePayByCard(target);
  const attempt = useMoneyAttempt<string>();
  const [problem, setProblem] = useState<TCardProblem | null>(null);

  const submit = async ({ lineIds, card, tokenize }: TCardAttempt) => {
    if (lineIds.length === 0) return;
    setProblem(null);
    try {
      const fingerprint = JSON.stringify([[...lineIds].sort(), card]);
      const outcome = await attempt.run(fingerprint, (idempotencyKey, sourceToken) => pay.mutateAsync({ lineIds, sourceToken, idempotencyKey }), tokenize);
      if (outcome.sent) {
        notify.success(PAYMENT_MESSAGES.successful);
        onPaid();
      } else if (outcome.reason === 'not-started') {
        const error = outcome.error;
        setProblem({ text: error instanceof Error ? error.message : 'The card could not be read.', retry: false });
      }
    } catch (error) {
      setProblem({ text: errorMessage(error), retry: isTransientFailure(error) });
    }
  };

  return { submit, problem, pending: attempt.running };
}
