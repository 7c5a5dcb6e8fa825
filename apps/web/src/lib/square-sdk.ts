/**
 * The parts of Square's Web Payments SDK (`https://*.web.squarecdn.com/v1/square.js`) we use.
 * Square publishes the script only from its CDN, so it is loaded at run time by a `<script src>`
 * element (the server's CSP allows the CDN when Square is configured); there is no inline script.
 * Only the card kit (`components/card-entry.tsx`) imports this, and only by a dynamic import once
 * Square is the provider, so no page loads it (or Square's script) otherwise.
 */
export interface TSquareTokenResult {
  status: string;
  token?: string;
  errors?: { message: string }[];
}

export interface TSquareCard {
  attach(selector: string): Promise<void>;
  tokenize(): Promise<TSquareTokenResult>;
  /** Empties the card fields (after a payment). Optional here so a stand-in may leave it out. */
  clear?(): Promise<void> | void;
  destroy(): Promise<boolean>;
}

export interface TSquarePayments {
  card(): Promise<TSquareCard>;
}

export interface TSquareSdk {
  payments(applicationId: string, locationId: string): TSquarePayments | Promise<TSquarePayments>;
}

declare global {
  interface Window {
    Square?: TSquareSdk;
  }
}

export type TSquareEnvironment = 'sandbox' | 'production';

export const squareSdkUrl = (environment: TSquareEnvironment) =>
  environment === 'production' ? 'https://web.squarecdn.com/v1/square.js' : 'https://sandbox.web.squarecdn.com/v1/square.js';

let loading: { src: string; promise: Promise<TSquareSdk> } | null = null;

/**
 * Loads the SDK once per page: while the script loads every card form waits on the same promise;
 * once loaded `window.Square` is the answer. A failed load is forgotten (and its element removed)
 * so the next card form tries again.
 */
export function loadSquareSdk(environment: TSquareEnvironment): Promise<TSquareSdk> {
  const src = squareSdkUrl(environment);
  if (window.Square) return Promise.resolve(window.Square);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<TSquareSdk>((resolve, reject) => {
    const script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`) ?? document.createElement('script');
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('The Square Web Payments SDK did not load.'));
    };
    script.addEventListener(
      'load',
      () => {
        if (!window.Square) return fail();
        loading = null;
        resolve(window.Square);
      },
      { once: true },
    );
    script.addEventListener('error', fail, { once: true });
    if (!script.isConnected) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
  loading = { src, promise };
  return promise;
}
