import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

const SANDBOX = {
  SQUARE_ACCESS_TOKEN: 'EAAAsecret-access-token',
  SQUARE_LOCATION_ID: 'L-SANDBOX-1',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app1',
  SQUARE_ENVIRONMENT: 'sandbox',
};

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);
const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('Square in the page', () => {
  let square: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [square, plain] = await Promise.all([createTestApp(SANDBOX), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([square?.close(), plain?.close()]);
  });

  it('tells the page the Square ids and environment, never the access token', async () => {
    const res = await square.app.inject({ method: 'GET', url: '/api/Payment/Config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      testMode: true,
      provider: { provider: 'square', applicationId: 'sandbox-sq0idb-app1', locationId: 'L-SANDBOX-1', environment: 'sandbox' },
      testCards: null,
    });
    expect(res.body).not.toContain('EAAA');
  });

  it('without Square the page is told test mode', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/Payment/Config' });
    expect(res.json()).toMatchObject({ testMode: true, provider: { provider: 'test' } });
  });

  it('allows the sandbox Web Payments SDK hosts in the CSP only when Square is configured', async () => {
    const csp = cspOf((await square.app.inject({ method: 'GET', url: '/api/Payment/Config' })).headers);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://sandbox.web.squarecdn.com https://js.squareupsandbox.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://sandbox.web.squarecdn.com https://pci-connect.squareupsandbox.com");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://sandbox.web.squarecdn.com");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://sandbox.web.squarecdn.com");
    expect(csp).not.toContain('https://web.squarecdn.com');

    const strict = cspOf((await plain.app.inject({ method: 'GET', url: '/api/Payment/Config' })).headers);
    expect(strict).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;" +
        "connect-src 'self';frame-ancestors 'none';form-action 'self';base-uri 'self';object-src 'none'",
    );
  });
});
