import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAttachment } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from './helpers';
import { startLocalS3, type LocalS3 } from './local-s3';
import { multipartBody, pdfBytes } from '../src/modules/attachments/attachments.test-support';
import { attachments } from '../src/modules/attachments/attachments.table';
import { buildCompany } from '../src/modules/invoices/billing.test-support';
import { createS3Storage } from '../src/platform/files/s3-storage';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../src/platform/files/storage-errors';

/**
 * The app configured for S3 (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) against
 * a local S3-compatible server: a company document goes up, comes back, and goes away with its row.
 */
let s3: LocalS3;
let t: TestApp;
let dataDir: string;
let admin: Caller;
let companyId: string;

const leasePdf = () => ({ filename: 'hangar lease.pdf', contentType: 'application/pdf', data: pdfBytes() });

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-s3-app-'));
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env() });
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  companyId = (await buildCompany(admin))._id;
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('company documents on S3', () => {
  it('upload, download the same bytes, delete: the object leaves the bucket after the row', async () => {
    const uploaded = await admin.request({ method: 'POST', url: '/api/Attachments', ...multipartBody({ ownerType: 'company', ownerId: companyId }, leasePdf()) });
    expect(uploaded.statusCode).toBe(201);
    const doc = uploaded.json() as TAttachment;
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, doc._id));
    // The bytes are in the bucket, and nothing went to the disk store.
    const bucket = createS3Storage(s3.config());
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
    const stored = Buffer.concat(await (await bucket.get(row!.storageKey)).toArray());
    expect(stored.equals(pdfBytes())).toBe(true);

    const downloaded = await admin.request({ method: 'GET', url: `/api/Attachments/${doc._id}` });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.equals(pdfBytes())).toBe(true);

    // The row goes in a transaction; the object is removed once it has committed.
    expect((await admin.request({ method: 'DELETE', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(200);
    await expect(bucket.get(row!.storageKey)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await admin.request({ method: 'GET', url: `/api/Attachments/${doc._id}` })).statusCode).toBe(404);
  });

  it('a document whose object is gone from the bucket: 404, not a crash', async () => {
    const doc = (await admin.request({ method: 'POST', url: '/api/Attachments', ...multipartBody({ ownerType: 'company', ownerId: companyId }, leasePdf()) })).json() as TAttachment;
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, doc._id));
    await createS3Storage(s3.config()).delete(row!.storageKey);
    const res = await admin.request({ method: 'GET', url: `/api/Attachments/${doc._id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The file is not in storage.' });
  });
});

describe('a bucket that refuses', () => {
  let refused: TestApp;
  beforeAll(async () => {
    refused = await createTestApp({ DATA_DIR: dataDir, ...s3.env('no-such-bucket') });
  });
  afterAll(async () => refused?.close());

  it('an upload answers 503 with a clear message and records nothing; the app keeps serving', async () => {
    const caller = await signIn(refused, { modules: 'all', isAdmin: true });
    const company = await buildCompany(caller);
    const res = await caller.request({ method: 'POST', url: '/api/Attachments', ...multipartBody({ ownerType: 'company', ownerId: company._id }, leasePdf()) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE });
    const list = await caller.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType: 'company', ownerId: company._id } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });
});
