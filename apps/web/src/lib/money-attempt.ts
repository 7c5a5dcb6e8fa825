import { useCallback, useRef, useState } from 'react';
import { isTransientFailure } from './api-client';

/**
 * A new Idempotency-Key: one per money attempt. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); a public form opened over plain http on an airport's LAN still needs a key.
 */
export function newIdempotencyKey(): string {
  const unique = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `pay-${unique}`;
}

/**
 * What a money button's click became: the answer; nothing because one was already running; or
 * nothing because the attempt could not start (`prepare` failed: e.g. the card could not be read).
 */
export type TMoneyOutcome<T> = { sent: true; answer: T } | { sent: false; reason: 'busy' } | { sent: false; reason: 'not-started'; error: unknown };

/**
 * The kit's pattern for a money button (PRODUCT-RULES 29): one request at a time and one
 * Idempotency-Key per attempt.
 * - A second click while a request runs sends nothing (a ref, set in the click itself: the
 *   disabled state only shows on the next render, too late for a double click); `running` is for
 *   the button's `disabled` and its 'Paying…' label.
 * - The attempt is what is being paid (`fingerprint`: the lines, the record, the card). A retry
 *   after a network failure or a 5xx keeps its key - and what `prepare` made for it (a card
 *   token), so the server and the provider see the identical request and answer with the first
 *   answer instead of paying twice; any other answer ends the attempt and the next click is a
 *   new one.
 */
export function useMoneyAttempt<P = undefined>() {
  const attempt = useRef<{ key: string; fingerprint: string; prepared: P } | null>(null);
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);

  const run = useCallback(
    async <T>(fingerprint: string, send: (idempotencyKey: string, prepared: P) => Promise<T>, prepare?: () => Promise<P>): Promise<TMoneyOutcome<T>> => {
      if (inFlight.current) return { sent: false, reason: 'busy' };
      inFlight.current = true;
      setRunning(true);
      try {
        if (attempt.current?.fingerprint !== fingerprint) {
          attempt.current = null;
          try {
            const prepared = prepare ? await prepare() : (undefined as P);
            attempt.current = { key: newIdempotencyKey(), fingerprint, prepared };
          } catch (error) {
            return { sent: false, reason: 'not-started', error };
          }
        }
        const { key, prepared } = attempt.current;
        try {
          const answer = await send(key, prepared);
          attempt.current = null;
          return { sent: true, answer };
        } catch (error) {
          if (!isTransientFailure(error)) attempt.current = null;
          throw error;
        }
      } finally {
        inFlight.current = false;
        setRunning(false);
      }
    },
    [],
  );

  return { run, running };
}
