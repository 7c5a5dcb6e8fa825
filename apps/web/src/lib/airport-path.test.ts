import { describe, expect, it } from 'vitest';
import { airportHeaders, airportPrefixOf, ROUTER_BASENAME } from './airport-path';

describe('airport path prefix', () => {
  it('reads the prefix of an airport\'s public pages from the path', () => {
    expect(airportPrefixOf('/a/l12/listings')).toBe('l12');
    expect(airportPrefixOf('/a/l12')).toBe('l12');
    expect(airportPrefixOf('/a/l12/tiedown/create')).toBe('l12');
  });

  it('names no airport for the site\'s own paths (a one-airport deployment keeps its URLs)', () => {
    expect(airportPrefixOf('/listings')).toBeNull();
    expect(airportPrefixOf('/')).toBeNull();
    expect(airportPrefixOf('/about/a/l12')).toBeNull();
  });

  it('at the site\'s root the app has no basename and its API calls no X-Airport header', () => {
    expect(ROUTER_BASENAME).toBeUndefined();
    expect(airportHeaders()).toEqual({});
  });
});
