import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config';

/** s3rver's fixed account: it checks request signatures against these. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  /** The bucket the server holds. */
  bucket: string;
  endpoint: string;
  /** The app's S3_* variables for this server and bucket (another bucket: one it does not hold). */
  env(bucket?: string): Record<string, string>;
  /** `config.s3` for this server and bucket. */
  config(bucket?: string): NonNullable<Config['s3']>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server for one test file (s3rver: pure Node, from npm): a random loopback port,
 * objects in a temp dir, the AWS SDK talks to it exactly as to AWS (signed, path-style).
 */
export async function startLocalS3(bucket = 'apron-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (name = bucket): NonNullable<Config['s3']> => ({ bucket: name, region: 'us-east-1', endpoint, ...S3RVER_CREDENTIALS });
  return {
    bucket,
    endpoint,
    config,
    env: (name = bucket) => ({ S3_BUCKET: name, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey }),
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
