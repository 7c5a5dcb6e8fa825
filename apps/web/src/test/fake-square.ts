import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { TSquareSdk, TSquareTokenResult } from '../lib/square-sdk';

export const SANDBOX_SDK_SRC = 'https://sandbox.web.squarecdn.com/v1/square.js';
export const PRODUCTION_SDK_SRC = 'https://web.squarecdn.com/v1/square.js';

export const SQUARE_PROVIDER = { provider: 'square', applicationId: 'sandbox-sq0idb-app1', locationId: 'L-SANDBOX-1', environment: 'sandbox' } as const;

/** `GET /api/Payment/Config` of a server with Square's sandbox configured. */
export const SQUARE_CONFIG_ROUTE = { 'GET /api/Payment/Config': { body: { testMode: true, provider: SQUARE_PROVIDER, testCards: null } } } as const;

/**
 * A stand-in for Square's Web Payments SDK, third-party code the page loads from Square's CDN:
 * each `tokenize()` answers the next of `tokens`. `calls` records what the page asked of it.
 */
export function fakeSquare(tokens: TSquareTokenResult[]) {
  const calls = { payments: [] as string[][], attach: [] as string[], tokenize: 0, clear: 0, destroy: 0 };
  const sdk: TSquareSdk = {
    payments: (applicationId, locationId) => {
      calls.payments.push([applicationId, locationId]);
      return {
        card: async () => ({
          attach: async (selector: string) => {
            calls.attach.push(selector);
          },
          tokenize: async () => {
            calls.tokenize += 1;
            return tokens.shift() ?? { status: 'Invalid', errors: [{ message: 'No more tokens.' }] };
          },
          clear: async () => {
            calls.clear += 1;
          },
          destroy: async () => {
            calls.destroy += 1;
            return true;
          },
        }),
      };
    },
  };
  return { sdk, calls };
}

export const squareScripts = (src = SANDBOX_SDK_SRC) => document.head.querySelectorAll<HTMLScriptElement>(`script[src="${src}"]`);

/** Plays Square's CDN answering the page's `<script>`: the SDK is defined, then the script's load fires. */
export async function serveSquareSdk(sdk: TSquareSdk, src = SANDBOX_SDK_SRC) {
  await waitFor(() => expect(squareScripts(src)).toHaveLength(1));
  window.Square = sdk;
  squareScripts(src)[0]!.dispatchEvent(new Event('load'));
}

/** Plays the CDN failing (blocked, offline). */
export async function failSquareSdk(src = SANDBOX_SDK_SRC) {
  await waitFor(() => expect(squareScripts(src)).toHaveLength(1));
  squareScripts(src)[0]!.dispatchEvent(new Event('error'));
}

/** After each test: no SDK, no script; a load still pending is failed so the next test starts afresh. */
export function forgetSquareSdk() {
  delete window.Square;
  for (const script of document.head.querySelectorAll('script[src*="squarecdn.com"]')) {
    script.dispatchEvent(new Event('error'));
    script.remove();
  }
}
