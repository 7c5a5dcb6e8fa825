import { vi } from 'vitest';

/** A window of the given kind for `useMediaQuery`: on a phone every max-width query matches, on a desktop none. */
export function stubWindowWidth(kind: 'phone' | 'desktop'): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'phone' && query.includes('max-width'), media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }));
}

/**
 * A window whose width changes during the test (a phone turned, a browser resized): `resize`
 * switches every `matchMedia` answer and tells each listener, as the browser does.
 */
export function stubResizableWindow(initial: 'phone' | 'desktop'): { resize: (kind: 'phone' | 'desktop') => void } {
  let kind = initial;
  const lists: Array<{ query: string; listeners: Set<() => void>; matches: boolean }> = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const listeners = new Set<() => void>();
    const list = {
      query,
      listeners,
      get matches() {
        return kind === 'phone' && query.includes('max-width');
      },
      media: query, onchange: null,
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    };
    lists.push(list);
    return list;
  });
  return {
    resize: (next) => {
      kind = next;
      for (const list of lists) for (const listener of list.listeners) listener();
    },
  };
}
