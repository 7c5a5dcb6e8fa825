import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODER_UNAVAILABLE_MESSAGE } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';

/**
 * A tiny stand-in for Nominatim on a random local port: `q=boom` answers 500, `q=slow` never
 * answers, anything else answers two places (plus one the proxy must skip).
 */
function startGeocoder(): Promise<{ server: Server; port: number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const q = new URL(req.url ?? '/', 'http://localhost').searchParams.get('q');
    if (q === 'boom') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream secret: database on fire');
      return;
    }
    if (q === 'slow') return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify([
        { place_id: 1, lat: '39.4991', lon: '-119.7681', display_name: 'Reno-Tahoe International Airport, Reno, Nevada, USA', category: 'aeroway' },
        { place_id: 2, lat: '39.1638', lon: '-119.7674', display_name: 'Carson City, Nevada, USA' },
        { place_id: 3, lat: 'not a number', lon: '1', display_name: 'Broken' },
      ]),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, seen })));
}

let t: TestApp;
let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
let staff: Caller;

beforeAll(async () => {
  geocoder = await startGeocoder();
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${geocoder.port}/search`, PUBLIC_URL: 'https://apron.example.com' });
  staff = await signIn(t, { modules: ['Property'] });
});
afterAll(async () => {
  geocoder?.server.closeAllConnections();
  geocoder?.server.close();
  await t?.close();
});

describe('GET /api/Geocode', () => {
  it('refuses a caller without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Geocode?q=Reno' });
    expect(res.statusCode).toBe(401);
  });

  it('wants q of 2 to 200 characters after trimming', async () => {
    for (const q of ['', '%20a%20', 'x'.repeat(201)]) {
      const res = await staff.request({ method: 'GET', url: `/api/Geocode?q=${q}` });
      expect(res.statusCode).toBe(400);
      expect(Object.keys((res.json() as { errors: Record<string, string> }).errors)).toEqual(['q']);
    }
    const missing = await staff.request({ method: 'GET', url: '/api/Geocode' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('errors.q');
  });

  it('refuses a signed-in user without the Property module', async () => {
    const other = await signIn(t, { modules: ['Lease'], isInternal: true });
    const res = await other.request({ method: 'GET', url: '/api/Geocode?q=Reno' });
    expect(res.statusCode).toBe(403);
  });

  it('asks the configured service in the Nominatim shape and answers label, lat and lon', async () => {
    const before = geocoder.seen.length;
    const res = await staff.request({ method: 'GET', url: `/api/Geocode?q=${encodeURIComponent('  Reno airport  ')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { label: 'Reno-Tahoe International Airport, Reno, Nevada, USA', lat: 39.4991, lon: -119.7681 },
      { label: 'Carson City, Nevada, USA', lat: 39.1638, lon: -119.7674 },
    ]);
    expect(geocoder.seen.length).toBe(before + 1);
    const call = geocoder.seen.at(-1)!;
    const url = new URL(call.url ?? '/', 'http://localhost');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'jsonv2', limit: '5', q: 'Reno airport' });
    expect(call.headers['user-agent']).toBe('Apron/0.1 (https://apron.example.com)');
  });

  it('answers 503 with a plain message when the service fails, never its error', async () => {
    const res = await staff.request({ method: 'GET', url: '/api/Geocode?q=boom' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: GEOCODER_UNAVAILABLE_MESSAGE });
    expect(res.body).not.toContain('secret');
  });

  it('gives up on a service that does not answer and says so (503)', { timeout: 20_000 }, async () => {
    const res = await staff.request({ method: 'GET', url: '/api/Geocode?q=slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: GEOCODER_UNAVAILABLE_MESSAGE });
  });

  it('answers 503 with the same message when the service is offline (closed port)', async () => {
    geocoder.server.closeAllConnections();
    await new Promise<void>((resolve) => geocoder.server.close(() => resolve()));
    const res = await staff.request({ method: 'GET', url: '/api/Geocode?q=Reno' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'Address search is unavailable right now. You can still place the pin on the map.' });
  });
});
