import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error';
import { assertSafeKey } from './keys';
import type { FileStorage } from './storage';

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
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.partial`;
      let size = 0;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        source.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }));
        await fs.promises.rename(temp, target);
        return { size };
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        await fs.promises.access(file, fs.constants.R_OK);
      } catch {
        throw new AppError('NOT_FOUND', 'The file is not in storage.');
      }
      return fs.createReadStream(file);
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
