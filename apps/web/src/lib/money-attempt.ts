import { useCallback, useRef, useState } from 'react';
import { isTransientFailure } from './api-client';

/** A new Idempotency-Key: one per money attempt. */
export function newIdempotencyKey(): string {
  return `pay-${crypto.randomUUID()}`;
}

/** What a money button's click became: the answer, or nothing because one was already running. */
export type TMoneyOutcome<T> = { sent: true; answer: T } | { sent: false };

/**
 * The kit's pattern for a money button (PRODUCT-RULES 29): one request at a time and one
 * Idempotency-Key per attempt.
 * - A second click while a request runs sends nothing (a ref, set in the click itself: the
 *   disabled state only shows on the next render, too late for a double click); `running` is for
 *   the button's `disabled` and its 'Paying…' label.
 * - The attempt is what is being paid (`fingerprint`: the lines, the record). A retry after a
 *   network failure or a 5xx keeps its key, so the server answers with the first answer instead of
 *   paying twice; any other answer ends the attempt and the next click is a new one.
 */
export function useMoneyAttempt() {
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);

  const run = useCallback(async <T>(fingerprint: string, send: (idempotencyKey: string) => Promise<T>): Promise<TMoneyOutcome<T>> => {
    if (inFlight.current) return { sent: false };
    inFlight.current = true;
    setRunning(true);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
    try {
      const answer = await send(attempt.current.key);
      attempt.current = null;
      return { sent: true, answer };
    } catch (error) {
      if (!isTransientFailure(error)) attempt.current = null;
      throw error;
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  }, []);

  return { run, running };
}
