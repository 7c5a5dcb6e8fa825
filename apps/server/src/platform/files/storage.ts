import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';

export { assertSafeKey } from './keys';

/**
 * Where uploaded files live: a directory under DATA_DIR by default, an S3-compatible bucket when
 * configured. Keys are chosen by the server (`attachments/<uuid>`), never by a client.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Store the body under the key. A failing stream (e.g. over the size limit) stores nothing. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The stored bytes; NOT_FOUND when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Remove the key; removing a missing key is not an error (deletes are retried). */
  delete(key: string): Promise<void>;
}

export function createFileStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}
