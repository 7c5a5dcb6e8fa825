import { vi } from 'vitest';

/** A window of the given kind for `useMediaQuery`: on a phone every max-width query matches, on a desktop none. */
export function stubWindowWidth(kind: 'phone' | 'desktop'): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'phone' && query.includes('max-width'), media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }));
}
