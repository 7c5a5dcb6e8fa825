import { describe, expect, it } from 'vitest';
import { squareCspAdditions } from './square-csp';

describe('Square CSP hosts', () => {
  it('production trusts only the production hosts', () => {
    const csp = squareCspAdditions({ environment: 'production' });
    expect(csp.scriptSrc).toEqual(['https://web.squarecdn.com', 'https://js.squareup.com']);
    expect(csp.connectSrc).toEqual(['https://web.squarecdn.com', 'https://pci-connect.squareup.com']);
    expect(csp.frameSrc).toEqual(['https://web.squarecdn.com']);
    expect(JSON.stringify(csp)).not.toContain('sandbox');
  });

  it('adds nothing without Square', () => {
    expect(Object.values(squareCspAdditions(null)).flat()).toEqual([]);
  });
});
