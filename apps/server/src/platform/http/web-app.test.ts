import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/database';
import { testConfig } from '../../../test/helpers';

/** A built web app as apps/web's build leaves it: hashed assets with .br and .gz copies. */
function writeWebDist(): { root: string; script: string; page: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
  for (const [name, content] of [['index.html', page], ['assets/index-abc123.js', script]] as const) {
    fs.writeFileSync(path.join(root, name), content);
    fs.writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(content));
    fs.writeFileSync(path.join(root, `${name}.gz`), gzipSync(content));
  }
  return { root, script, page };
}

describe('web delivery: precompressed assets, HEAD, JSON compression', () => {
  let app: FastifyInstance;
  let database: Database;
  let web: ReturnType<typeof writeWebDist>;

  beforeAll(async () => {
    web = writeWebDist();
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false, webDist: web.root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that accepts br, cached for a year, varying by encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed once: one brotli decode gives the file.
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.script);
  });

  it('keeps the document security headers on the page and leaves them off scripts (nosniff stays)', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBeDefined();
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the gzip copy to a client that accepts only gzip, and the plain file to one that accepts nothing', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.script);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.script);
  });

  it('answers a client route with index.html, compressed and never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/invoices', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.page);
  });

  it('answers HEAD on /, a client route and an asset like GET, without a body', async () => {
    for (const url of ['/', '/invoices', '/assets/index-abc123.js']) {
      const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      const get = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      expect(head.headers['content-encoding'], url).toBe('br');
      expect(head.body, url).toBe('');
    }
  });

  it('answers 404 for an asset that is not in the build, not the page in its place', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    const head = await app.inject({ method: 'HEAD', url: '/api/nothing-here' });
    expect(head.statusCode).toBe(404);
  });

  it('compresses a JSON answer above 1 KB and leaves a small one as it is', async () => {
    const large = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const gzipOnly = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString())).toEqual(document);

    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
