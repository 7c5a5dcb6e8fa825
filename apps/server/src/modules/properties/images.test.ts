import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { buildProperty } from './properties.factories';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let outsider: Caller;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await signIn(t, { modules: ['Property'], isAdmin: true });
  reader = await signIn(t, { modules: ['Property'] });
  outsider = await signIn(t, { modules: ['Invoices'], isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const missing = '00000000-0000-4000-8000-000000000000';

async function png(width = 1200, height = 800, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A multipart body with text fields first, then the one file. */
function multipart(file: Buffer, fields: Record<string, string> = {}, filename = 'photo.png', type = 'image/png') {
  const boundary = '----apron-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST Property/List/Header/{id}', () => {
  it('walks the ladder, stores the original and a thumbnail, and serves both with cache headers', async () => {
    const property = await buildProperty(admin, { visibletoExternal: false });
    const url = `/api/Property/List/Header/${property._id}`;
    const image = await png();
    expect((await t.app.inject({ method: 'POST', url, ...multipart(image) })).statusCode).toBe(401);
    expect((await reader.request({ method: 'POST', url, ...multipart(image) })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: `/api/Property/List/Header/${missing}`, ...multipart(image) })).statusCode).toBe(404);
    const notImage = await admin.request({ method: 'POST', url, ...multipart(Buffer.from('%PDF-1.4 not an image at all'), {}, 'photo.png') });
    expect(notImage.statusCode).toBe(415);

    const res = await admin.request({ method: 'POST', url, ...multipart(image) });
    expect(res.statusCode).toBe(200);
    const header = res.json().headerImage as { url: string; thumbnailUrl: string };
    expect(header.url).toMatch(/^\/api\/Property\/List\/Images\/[0-9a-f-]{36}\.png$/);
    expect(header.thumbnailUrl).toMatch(/-thumb\.webp$/);

    const original = await reader.request({ method: 'GET', url: header.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(image)).toBe(true);
    expect(original.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = original.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await reader.request({ method: 'GET', url: header.url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const thumb = await reader.request({ method: 'GET', url: header.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width: 480, height: 320, format: 'webp' });

    // Not published: strangers and non-Property users get the same 404 as a missing file.
    expect((await t.app.inject({ method: 'GET', url: header.url })).statusCode).toBe(404);
    expect((await outsider.request({ method: 'GET', url: header.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/Property/List/Images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    // Replacing the header removes the old files.
    const next = await admin.request({ method: 'POST', url, ...multipart(await png(640, 480, '#cc3333')) });
    expect(next.json().headerImage.url).not.toBe(header.url);
    expect((await reader.request({ method: 'GET', url: header.url })).statusCode).toBe(404);
  });

  it('refuses a file over 5 MB with the spec message', async () => {
    const property = await buildProperty(admin);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await admin.request({ method: 'POST', url: `/api/Property/List/Header/${property._id}`, ...multipart(big) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File Size cannot be more than 5MB');
  });

  it('serves a published listing image publicly', async () => {
    const property = await buildProperty(admin, { visibletoExternal: true });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#22aa55' } }).jpeg().toBuffer();
    const res = await admin.request({ method: 'POST', url: `/api/Property/List/Header/${property._id}`, ...multipart(jpeg, {}, 'x.jpg', 'image/jpeg') });
    const thumb = await t.app.inject({ method: 'GET', url: res.json().headerImage.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('POST and DELETE Property/List/Images', () => {
  it('adds gallery images in order and removes one', async () => {
    const property = await buildProperty(admin);
    const image = await png(300, 200, '#888800');
    expect((await t.app.inject({ method: 'POST', url: '/api/Property/List/Images', ...multipart(image, { propertyId: property._id }) })).statusCode).toBe(401);
    expect((await reader.request({ method: 'POST', url: '/api/Property/List/Images', ...multipart(image, { propertyId: property._id }) })).statusCode).toBe(403);
    const noId = await admin.request({ method: 'POST', url: '/api/Property/List/Images', ...multipart(image) });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors.propertyId).toBe('Invalid Id');
    expect((await admin.request({ method: 'POST', url: '/api/Property/List/Images', ...multipart(image, { propertyId: missing }) })).statusCode).toBe(404);

    const first = await admin.request({ method: 'POST', url: '/api/Property/List/Images', ...multipart(image, { propertyId: property._id }) });
    expect(first.statusCode).toBe(201);
    const second = await admin.request({ method: 'POST', url: `/api/Property/List/Images?propertyId=${property._id}`, ...multipart(await png(300, 200, '#008888')) });
    const images = second.json().images as Array<{ _id: string; url: string; position: number }>;
    expect(images.map((i) => i.position)).toEqual([0, 1]);

    const del = { propertyId: property._id, imageId: images[0]!._id };
    expect((await t.app.inject({ method: 'DELETE', url: '/api/Property/List/Images', payload: del })).statusCode).toBe(401);
    expect((await admin.request({ method: 'DELETE', url: '/api/Property/List/Images', payload: { propertyId: property._id } })).json().errors.imageId).toBeTruthy();
    expect((await reader.request({ method: 'DELETE', url: '/api/Property/List/Images', payload: del })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: '/api/Property/List/Images', payload: { ...del, imageId: missing } })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: '/api/Property/List/Images', payload: del })).statusCode).toBe(200);
    const read = (await reader.request({ method: 'GET', url: `/api/Property/List/${property._id}` })).json();
    expect(read.images.map((i: { _id: string }) => i._id)).toEqual([images[1]!._id]);
    expect((await reader.request({ method: 'GET', url: images[0]!.url })).statusCode).toBe(404);
  });
});
