import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/database';
import { fakeSquareApi, SQUARE_SANDBOX_ENV } from '../../../test/fake-square-api';
import { buildAccount, testConfig } from '../../../test/helpers';
import { createSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { setSystemSetting } from '../settings/settings.test-support';
import { tiedownRequests } from '../tiedowns/tiedowns.table';
import { waitlistApplicants } from '../waitlist/waitlist.table';
import { cardAttempts } from './card-attempts.table';
import { payments } from './payments.table';

/**
 * The public card flows (the parking request and Join WaitList) with Square configured: the page's
 * Square token reaches Square unchanged, the server charges its own figure, an approval stores one
 * record and one payment, a decline stores nothing; the pages' CSP lets Square's card form load.
 */
let app: FastifyInstance;
let database: Database;
let webRoot: string;
let square: ReturnType<typeof fakeSquareApi>;
let address = 0;

/** A visitor from its own address (the public forms are rate limited per address). */
async function visitor(): Promise<(options: InjectOptions) => Promise<LightMyRequestResponse>> {
  const remoteAddress = `10.9.0.${++address}`;
  const res = await app.inject({ method: 'GET', url: '/api/CSRF', remoteAddress });
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { csrfToken } = res.json() as { csrfToken: string };
  return (options) => app.inject({ ...options, remoteAddress, headers: { cookie, 'x-csrf-token': csrfToken, ...(options.headers ?? {}) } });
}

const parking = (sourceId: string) => ({
  firstName: 'Amelia', lastName: 'Earhart', phone: '5551234567', email: 'amelia@example.test', beginDate: '2026-12-01', endDate: '2026-12-04',
  airCraftType: 'Medium Jet 2', airCraftNum: 'N123AB', vehicleNum: '', sourceId,
});

let propertyType = '';
const applicant = (sourceId: string) => ({
  propertyType, aircrafttype: 'Cessna 172', firstName: 'Jamie', lastName: 'Wingfield', phone: '7755550199', email: 'jamie@example.test', organization: 'Wingfield Aero', sourceId,
});

beforeAll(async () => {
  // the built page, so the CSP of a public page's document is the one checked
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-square-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(SQUARE_SANDBOX_ENV), database, logger: false, webDist: webRoot });
  await app.ready();
  await database.db.transaction(async (tx) => {
    await setSystemSetting(tx, { user: null }, 'TIEDOWN_PAYMENT', 'yes');
    await setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '25.50');
  });
  const admin = await buildAccount(database.db, { modules: ['Property'], isAdmin: true });
  const session = await createSession(database.db, admin.id);
  const type = await app.inject({
    method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'T-Hangar' },
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken },
  });
  expect(type.statusCode).toBe(201);
  propertyType = type.json()._id as string;
  square = fakeSquareApi();
});
afterAll(async () => {
  square?.restore();
  await app?.close();
  await database?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('public pages with Square configured', () => {
  it("serve /tiedown/create and /listings with a CSP that lets Square's sandbox card form load", async () => {
    for (const url of ['/tiedown/create', '/listings']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://sandbox.web.squarecdn.com https://js.squareupsandbox.com");
      expect(csp).toContain("frame-src 'self' https://sandbox.web.squarecdn.com");
      expect(csp).toContain('https://pci-connect.squareupsandbox.com');
    }
  });
});

describe('a parking request paid through Square', () => {
  it('a decline stores nothing: no request, no payment', async () => {
    const send = await visitor();
    const before = square.calls.length;
    const res = await send({ method: 'POST', url: '/api/Invoices/TieDown', payload: parking('cnon:card-nonce-declined'), headers: { 'idempotency-key': 'parking-square-declined-1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/GENERIC_DECLINE/);
    expect(square.calls.slice(before).map((c) => c.body.source_id)).toEqual(['cnon:card-nonce-declined']);
    expect(await database.db.select().from(tiedownRequests)).toHaveLength(0);
    expect(await database.db.select().from(payments)).toHaveLength(0);
    const [attempt] = await database.db.select().from(cardAttempts).where(eq(cardAttempts.idempotencyKey, 'parking-square-declined-1'));
    expect(attempt).toMatchObject({ purpose: 'tiedown', provider: 'square', status: 'declined', resultId: null });
  });

  it("sends the page's token to Square unchanged for the server's amount; one request and one payment, also when sent twice", async () => {
    const send = await visitor();
    const before = square.calls.length;
    const request = () => send({ method: 'POST', url: '/api/Invoices/TieDown', payload: { ...parking('cnon:card-nonce-ok'), amount: 1 }, headers: { 'idempotency-key': 'parking-square-ok-1' } });
    const first = await request();
    expect(first.statusCode).toBe(201);
    const again = await request();
    expect(again.statusCode).toBe(201);
    expect(again.json().tiedown._id).toBe(first.json().tiedown._id);

    const [call, ...more] = square.calls.slice(before);
    expect(more).toEqual([]);
    expect(call!.authorization).toBe(`Bearer ${SQUARE_SANDBOX_ENV.SQUARE_ACCESS_TOKEN}`);
    expect(call!.body).toMatchObject({ source_id: 'cnon:card-nonce-ok', amount_money: { amount: 15000, currency: 'USD' }, location_id: SQUARE_SANDBOX_ENV.SQUARE_LOCATION_ID });
    // Square's key is a digest of ours (Square allows 45 characters)
    expect(call!.body.idempotency_key).toMatch(/^[0-9a-f]{40}$/);

    const requests = await database.db.select().from(tiedownRequests);
    expect(requests).toHaveLength(1);
    const stored = await database.db.select().from(payments);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ method: 'card', provider: 'square', providerRef: square.created.at(-1)!.id, amountCents: 15000, idempotencyKey: 'parking-square-ok-1' });
    expect(requests[0]!.paymentId).toBe(stored[0]!.id);
    expect(first.json().receipt).toMatchObject({ amount: 150, method: 'card' });
  });
});

describe('Join WaitList paid through Square', () => {
  it('a decline stores no applicant', async () => {
    const send = await visitor();
    const before = square.calls.length;
    const res = await send({ method: 'POST', url: '/api/WaitList/Join', payload: applicant('cnon:card-nonce-declined'), headers: { 'idempotency-key': 'join-square-declined-1' } });
    expect(res.statusCode).toBe(422);
    expect(square.calls.slice(before).map((c) => c.body.source_id)).toEqual(['cnon:card-nonce-declined']);
    expect(await database.db.select().from(waitlistApplicants)).toHaveLength(0);
    const [attempt] = await database.db.select().from(cardAttempts).where(eq(cardAttempts.idempotencyKey, 'join-square-declined-1'));
    expect(attempt).toMatchObject({ purpose: 'waitlist', provider: 'square', status: 'declined', resultId: null });
  });

  it("sends the page's token to Square unchanged for WAITLIST_CHARGE; one applicant (Paid) and one charge, also when sent twice", async () => {
    const send = await visitor();
    const before = square.calls.length;
    const request = () => send({ method: 'POST', url: '/api/WaitList/Join', payload: { ...applicant('cnon:card-nonce-ok'), amount: 0.01 }, headers: { 'idempotency-key': 'join-square-ok-1' } });
    const first = await request();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'Paid', amount: 25.5 });
    const again = await request();
    expect(again.json()._id).toBe(first.json()._id);

    const [call, ...more] = square.calls.slice(before);
    expect(more).toEqual([]);
    expect(call!.body).toMatchObject({ source_id: 'cnon:card-nonce-ok', amount_money: { amount: 2550, currency: 'USD' }, location_id: SQUARE_SANDBOX_ENV.SQUARE_LOCATION_ID });

    const applicants = await database.db.select().from(waitlistApplicants);
    expect(applicants).toHaveLength(1);
    expect(applicants[0]).toMatchObject({ id: first.json()._id, status: 'Paid' });
    const paid = await database.db.select().from(cardAttempts).where(and(eq(cardAttempts.purpose, 'waitlist'), eq(cardAttempts.status, 'paid')));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: 'square', providerRef: square.created.at(-1)!.id, amountCents: 2550, resultId: first.json()._id });
  });
});
