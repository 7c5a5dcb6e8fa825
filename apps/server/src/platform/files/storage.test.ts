import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../../test/local-s3';
import { AppError } from '../errors/app-error';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { STORAGE_UNAVAILABLE_MESSAGE } from './storage-errors';
import { describeStorageContract } from './storage.test-support';

/** The one contract (storage.test-support.ts), against each driver on a real store. */
describeStorageContract('disk under DATA_DIR', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-disk-'));
  // A data dir whose `files` is a plain file: nothing can be made or read under it.
  const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-disk-broken-'));
  fs.writeFileSync(path.join(brokenDir, 'files'), 'not a directory');
  return {
    storage: createDiskStorage(dataDir),
    refusing: createDiskStorage(brokenDir),
    close: async () => {
      for (const dir of [dataDir, brokenDir]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeStorageContract('S3 through the AWS SDK (s3rver on loopback)', async () => {
  const s3 = await startLocalS3();
  return {
    storage: createS3Storage(s3.config()),
    // A bucket the server does not hold: S3 answers NoSuchBucket to every call.
    refusing: createS3Storage(s3.config('no-such-bucket')),
    close: () => s3.stop(),
  };
});

describe('S3 that refuses in other ways', () => {
  const refusal = { code: 'UNAVAILABLE', status: 503, message: STORAGE_UNAVAILABLE_MESSAGE };
  const failureOf = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (e: unknown) => (e instanceof AppError ? { code: e.code, status: e.status, message: e.message } : e),
    );

  // s3rver checks the access key id (it does not verify version 4 signatures, so a wrong secret passes).
  it('an access key the server does not know: 503, the SDK error kept as the cause', async () => {
    const s3 = await startLocalS3();
    try {
      const storage = createS3Storage({ ...s3.config(), accessKeyId: 'NOT-A-KEY' });
      const error = await storage.put('attachments/a', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(await failureOf(storage.get('attachments/a'))).toEqual(refusal);
      expect(((error as AppError).cause as { name?: string }).name).toBe('InvalidAccessKeyId');
    } finally {
      await s3.stop();
    }
  });

  it('an endpoint nobody listens on: 503 after the SDK retries, no hang', async () => {
    const s3 = await startLocalS3();
    const config = s3.config();
    await s3.stop();
    const storage = createS3Storage(config);
    expect(await failureOf(storage.get('attachments/a'))).toEqual(refusal);
  });
});
