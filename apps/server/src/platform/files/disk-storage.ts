import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey } from './keys';
import { fileNotInStorage, storageUnavailable } from './storage-errors';
import type { FileStorage } from './storage';

/**
 * An error of the file system itself (it carries the failing `syscall`): the directory cannot be
 * made or written, the disk is full. An upload stream's own failure (over the size limit, the
 * client gone) has none and goes to the caller unchanged.
 */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** Files under `<dataDir>/files/<key>`, written to a temporary name and renamed when complete. */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');

  function pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    // Belt and braces: the key rules already forbid leaving the root.
    if (!full.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  }

  return {
    kind: 'disk',
    async put(key, body) {
      const target = pathOf(key);
      const temp = `${target}.${randomBytes(6).toString('hex')}.partial`;
      let size = 0;
      try {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        source.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }));
        await fs.promises.rename(temp, target);
        return { size };
      } catch (error) {
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        throw isFileSystemError(error) ? storageUnavailable(error) : error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        await fs.promises.access(file, fs.constants.R_OK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotInStorage();
        throw storageUnavailable(error);
      }
      return fs.createReadStream(file);
    },
    async delete(key) {
      try {
        await fs.promises.rm(pathOf(key), { force: true });
      } catch (error) {
        throw isFileSystemError(error) ? storageUnavailable(error) : error;
      }
    },
  };
}
