import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { STORAGE_UNAVAILABLE_MESSAGE } from './storage-errors';
import type { FileStorage } from './storage';

export interface StoresUnderTest {
  /** A working store, empty or not. */
  storage: FileStorage;
  /** The same driver on a store that refuses every call (a bucket that does not exist, ...). */
  refusing: FileStorage;
  close(): Promise<void>;
}

const newKey = () => `attachments/${randomUUID()}`;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** What a caller sees when the call fails: the AppError's code, status and message. */
async function failureOf(call: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, status, message } = error as AppError;
  return { code, status, message };
}

const NOT_IN_STORAGE = { code: 'NOT_FOUND', status: 404, message: 'The file is not in storage.' };
const UNAVAILABLE = { code: 'UNAVAILABLE', status: 503, message: STORAGE_UNAVAILABLE_MESSAGE };

/**
 * What every FileStorage driver promises its callers (storage.ts), run against each driver on a
 * real store: the same bytes back, the same errors, the same answers on a store that refuses.
 */
export function describeStorageContract(driver: string, open: () => Promise<StoresUnderTest>): void {
  describe(`file storage contract: ${driver}`, () => {
    let stores: StoresUnderTest;
    beforeAll(async () => {
      stores = await open();
    });
    afterAll(async () => stores?.close());

    it('gives back the bytes it stored, from a buffer or a stream, and their size', async () => {
      const fromBuffer = randomBytes(300_000);
      const bufferKey = newKey();
      expect(await stores.storage.put(bufferKey, fromBuffer, 'application/pdf')).toEqual({ size: fromBuffer.length });
      expect((await bytesOf(await stores.storage.get(bufferKey))).equals(fromBuffer)).toBe(true);

      const parts = [randomBytes(70_000), randomBytes(1), randomBytes(12_345)];
      const streamKey = newKey();
      expect(await stores.storage.put(streamKey, Readable.from(parts), 'image/png')).toEqual({ size: 82_346 });
      expect((await bytesOf(await stores.storage.get(streamKey))).equals(Buffer.concat(parts))).toBe(true);
    });

    it('stores nothing when the upload stream fails part-way', async () => {
      const key = newKey();
      async function* brokenUpload() {
        yield randomBytes(10_000);
        throw new Error('client went away');
      }
      await expect(stores.storage.put(key, Readable.from(brokenUpload()), 'application/pdf')).rejects.toThrow('client went away');
      expect(await failureOf(stores.storage.get(key))).toEqual(NOT_IN_STORAGE);
    });

    it('a key that holds nothing: 404 NOT_FOUND', async () => {
      expect(await failureOf(stores.storage.get(newKey()))).toEqual(NOT_IN_STORAGE);
    });

    // The app removes a file after the transaction that deleted its row has committed, and may
    // retry: the delete is final, and deleting again (or a key never stored) is not an error.
    it('delete removes the file for good; deleting again or a missing key succeeds', async () => {
      const key = newKey();
      await stores.storage.put(key, Buffer.from('%PDF-1.4 lease'), 'application/pdf');
      await stores.storage.delete(key);
      expect(await failureOf(stores.storage.get(key))).toEqual(NOT_IN_STORAGE);
      await expect(stores.storage.delete(key)).resolves.toBeUndefined();
      await expect(stores.storage.delete(newKey())).resolves.toBeUndefined();
    });

    it('a store that refuses: every call answers 503 UNAVAILABLE, none hangs', async () => {
      const key = newKey();
      expect(await failureOf(stores.refusing.put(key, Buffer.from('%PDF-1.4'), 'application/pdf'))).toEqual(UNAVAILABLE);
      expect(await failureOf(stores.refusing.get(key))).toEqual(UNAVAILABLE);
      expect(await failureOf(stores.refusing.delete(key))).toEqual(UNAVAILABLE);
    });

    it('refuses a key that could leave its place', async () => {
      await expect(stores.storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe storage key');
      await expect(stores.storage.get('attachments/../../etc/passwd')).rejects.toThrow('Unsafe storage key');
    });
  });
}
