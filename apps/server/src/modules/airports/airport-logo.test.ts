import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { createFileStorage } from '../../platform/files/index';
import { createMailDelivery, queueMail } from '../../platform/mail/index';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import { buildCompany, buildInvoice } from '../invoices/billing.test-support';

/**
 * Issue 22, an airport's logo (docs/airports.md, "Logo"): who sets it, what is accepted, its
 * public address, and the documents that carry it. PGlite and PostgreSQL.
 */
let t: TestApp;
let dataDir: string;
let authority: Caller;
let mainAdmin: Caller;
let mainClerk: Caller;
let relieverAdmin: Caller;
let relieverId: string;
const logoOf = (airportId: string) => `/api/Airports/${airportId}/Logo`;
const upload = (caller: Caller, airportId: string, bytes: Buffer, filename = 'logo.png', type = 'image/png') =>
  caller.request({ method: 'PUT', url: logoOf(airportId), ...multipart(bytes, {}, filename, type) });
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#1f4e79' } })[format]().toBuffer();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-logo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  authority = await signIn(t, { modules: 'all', isAdmin: true, isAuthorityAdmin: true });
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  mainClerk = await signIn(t, { modules: ['Settings'] });
  const made = await authority.request({ method: 'POST', url: '/api/Airports', payload: { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver' } });
  expect(made.statusCode, made.body).toBe(201);
  relieverId = made.json().id;
  relieverAdmin = await withAirport(relieverId, () => signIn(t, { modules: ['Settings'], isAdmin: true }));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PUT /api/Airports/{id}/Logo', () => {
  it('refuses callers who may not set it: 401, 403 for a non-administrator, 404 for another airport’s administrator', async () => {
    const png = await image(400, 100);
    expect((await t.app.inject({ method: 'PUT', url: logoOf(FIRST_AIRPORT_ID), ...multipart(png) })).statusCode).toBe(401);
    expect((await upload(mainClerk, FIRST_AIRPORT_ID, png)).statusCode).toBe(403);
    expect((await upload(relieverAdmin, FIRST_AIRPORT_ID, png)).statusCode).toBe(404);
    expect((await relieverAdmin.request({ method: 'DELETE', url: logoOf(FIRST_AIRPORT_ID) })).statusCode).toBe(404);
    expect((await upload(mainAdmin, relieverId, png)).statusCode).toBe(404);
  });

  it('accepts PNG, JPEG and WebP by their bytes only: SVG, a PDF named .png and an over-size file are refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const asSvg = await upload(mainAdmin, FIRST_AIRPORT_ID, svg, 'logo.svg', 'image/svg+xml');
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json().message).toBe('The logo must be a PNG, JPEG or WebP image');
    expect((await upload(mainAdmin, FIRST_AIRPORT_ID, svg, 'logo.png', 'image/png')).statusCode).toBe(415);
    expect((await upload(mainAdmin, FIRST_AIRPORT_ID, Buffer.from('%PDF-1.4 not an image'), 'logo.png')).statusCode).toBe(415);
    const noisy = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 900, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    const big = await upload(mainAdmin, FIRST_AIRPORT_ID, noisy);
    expect(big.statusCode).toBe(413);
    expect((await mainAdmin.request({ method: 'PUT', url: logoOf(FIRST_AIRPORT_ID), payload: {} })).statusCode).toBe(400);
    const config = (await t.app.inject({ method: 'GET', url: '/api/AppConfig' })).json();
    expect(config.jsonvalue.logoUrl).toBeNull();
  });

  it('stores a resized PNG and serves it publicly at the airport’s address, with an ETag', async () => {
    const res = await upload(mainAdmin, FIRST_AIRPORT_ID, await image(2000, 500, 'webp'), 'logo.webp', 'image/webp');
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json().logoUrl as string;
    expect(logoUrl).toMatch(new RegExp(`^/api/Airports/${FIRST_AIRPORT_ID}/Logo\\?v=[0-9a-f-]{36}$`));

    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 640, height: 160 });
    const etag = served.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: logoUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    // Visitors' pages and the signed-in top bar read it from the app configuration.
    expect((await t.app.inject({ method: 'GET', url: '/api/AppConfig' })).json().jsonvalue.logoUrl).toBe(logoUrl);
    expect((await authority.request({ method: 'GET', url: `/api/Airports/${FIRST_AIRPORT_ID}` })).json().logoUrl).toBe(logoUrl);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'airport'), eq(auditLog.entityId, FIRST_AIRPORT_ID)));
    expect(audits.length).toBeGreaterThan(0);

    // Replacing it gives a new address and ETag; a small logo is not enlarged.
    const replaced = await upload(mainAdmin, FIRST_AIRPORT_ID, await image(120, 40, 'jpeg'), 'logo.jpg', 'image/jpeg');
    expect(replaced.json().logoUrl).not.toBe(logoUrl);
    const again = await t.app.inject({ method: 'GET', url: replaced.json().logoUrl });
    expect(again.headers.etag).not.toBe(etag);
    expect(await sharp(again.rawPayload).metadata()).toMatchObject({ width: 120, height: 40 });
    expect(fs.readdirSync(path.join(dataDir, 'files', 'airport-logos', FIRST_AIRPORT_ID))).toHaveLength(1);
  });

  it('an airport’s own administrator sets their airport’s logo; an authority administrator sets any', async () => {
    expect((await upload(relieverAdmin, relieverId, await image(300, 100))).statusCode).toBe(200);
    const byAuthority = await upload(authority, relieverId, await image(300, 120));
    expect(byAuthority.statusCode).toBe(200);
    const reliever = await t.app.inject({ method: 'GET', url: byAuthority.json().logoUrl });
    expect(await sharp(reliever.rawPayload).metadata()).toMatchObject({ width: 300, height: 120 });
  });

  it('the invoice PDF still renders, with the logo', async () => {
    const company = await buildCompany(mainAdmin);
    const invoice = await buildInvoice(mainAdmin, company._id);
    const pdf = await mainAdmin.request({ method: 'GET', url: `/api/Invoices/Pdf/${invoice._id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('removing it brings back the product’s look: no address, the old one answers 404', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/AppConfig' })).json().jsonvalue.logoUrl as string;
    const removed = await mainAdmin.request({ method: 'DELETE', url: logoOf(FIRST_AIRPORT_ID) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/AppConfig' })).json().jsonvalue.logoUrl).toBeNull();
    expect(fs.readdirSync(path.join(dataDir, 'files', 'airport-logos', FIRST_AIRPORT_ID))).toHaveLength(0);
    const pdf = await mainAdmin.request({ method: 'GET', url: `/api/Invoices/Pdf/${(await buildInvoice(mainAdmin, (await buildCompany(mainAdmin))._id))._id}` });
    expect(pdf.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('e-mail of an airport with a logo carries it inline atop the HTML; without one, e-mail is as before', async () => {
    const sink = await startSmtpSink();
    const delivery = createMailDelivery({ db: t.db, config: { smtpUrl: sink.url, mailFrom: t.config.mailFrom }, log: t.app.log, files: createFileStorage(t.config) });
    try {
      await withAirport(relieverId, async () => {
        await queueMail(t.db, { to: ['tenant@reliever.test'], subject: 'Hello from L12', text: 'Line one\n\nLine <two>', kind: 'test' });
        await delivery.deliver();
      });
      await queueMail(t.db, { to: ['tenant@main.test'], subject: 'Hello from main', text: 'Plain', kind: 'test' });
      await delivery.deliver();
      const withLogo = sink.messages.find((m) => m.to[0] === 'tenant@reliever.test')!.data;
      expect(withLogo).toContain('cid:airport-logo@apron');
      expect(withLogo).toMatch(/Content-ID: <airport-logo@apron>/i);
      expect(withLogo).toContain('Line &lt;two&gt;');
      const plain = sink.messages.find((m) => m.to[0] === 'tenant@main.test')!.data;
      expect(plain).not.toContain('airport-logo@apron');
      expect(plain).not.toMatch(/text\/html/i);
    } finally {
      delivery.close();
      await sink.close();
    }
  });
});
