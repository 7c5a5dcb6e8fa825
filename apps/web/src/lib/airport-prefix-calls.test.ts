import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';

/**
 * The app loaded under an airport's prefix (`/a/l12/...`): the prefix is read once when the app
 * starts, so each case loads the modules afresh after moving to the page.
 */
describe('pages under an airport path prefix', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  it('every API call, the CSRF token\'s too, names the airport with X-Airport', async () => {
    window.history.replaceState(null, '', '/a/l12/waitList/create');
    vi.resetModules();
    const { apiFetch } = await import('./api-client');
    const { ROUTER_BASENAME } = await import('./airport-path');
    const net = stubFetch({ ...CSRF_ROUTE, 'GET /api/Listings': { body: [] }, 'POST /api/WaitList': { status: 201, body: { _id: 'w1' } } });

    await apiFetch('/Listings');
    await apiFetch('/WaitList', { method: 'POST', body: {} });

    expect(ROUTER_BASENAME).toBe('/a/l12');
    expect(net.callsTo('GET', '/api/Listings')[0]!.headers.get('X-Airport')).toBe('l12');
    expect(net.callsTo('GET', '/api/CSRF')[0]!.headers.get('X-Airport')).toBe('l12');
    expect(net.callsTo('POST', '/api/WaitList')[0]!.headers.get('X-Airport')).toBe('l12');
  });
});
