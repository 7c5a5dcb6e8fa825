import { useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import { errorMessage, isTransientFailure } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { newIdempotencyKey } from '../../lib/money-attempt';
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
 * Pay With Card, shared by the test card form and Square's. One Idempotency-Key per attempt (the
 * same lines and card): a retry after a network or provider failure reuses the key and the source
 * token, so a repeated click never charges twice; a definitive answer ends the attempt.
 */
export function useCardPayment(target: { invoiceId: string } | { token: string }, onPaid: () => void) {
  const notify = useNotify();
  const pay = usePayByCard(target);
  const [problem, setProblem] = useState<TCardProblem | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const attempt = useRef<{ key: string; fingerprint: string; sourceToken: string } | null>(null);
  const inFlight = useRef(false);

  const submit = async ({ lineIds, card, tokenize }: TCardAttempt) => {
    if (inFlight.current || lineIds.length === 0) return;
    inFlight.current = true;
    setProblem(null);
    const fingerprint = JSON.stringify([[...lineIds].sort(), card]);
    if (attempt.current?.fingerprint !== fingerprint) {
      setTokenizing(true);
      try {
        attempt.current = { key: newIdempotencyKey(), fingerprint, sourceToken: await tokenize() };
      } catch (error) {
        inFlight.current = false;
        setProblem({ text: error instanceof Error ? error.message : 'The card could not be read.', retry: false });
        return;
      } finally {
        setTokenizing(false);
      }
    }
    const { key, sourceToken } = attempt.current;
    pay.mutate(
      { lineIds, sourceToken, idempotencyKey: key },
      {
        onSuccess: () => {
          attempt.current = null;
          notify.success(PAYMENT_MESSAGES.successful);
          onPaid();
        },
        onError: (error) => {
          const retry = isTransientFailure(error);
          // a definitive answer (a decline, a refusal) ends the attempt; the next click is a new one
          if (!retry) attempt.current = null;
          setProblem({ text: errorMessage(error), retry });
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { submit, problem, pending: pay.isPending || tokenizing };
}
