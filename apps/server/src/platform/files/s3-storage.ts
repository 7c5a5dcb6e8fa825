import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { assertSafeKey } from './keys';
import { fileNotInStorage, storageUnavailable } from './storage-errors';
import type { FileStorage } from './storage';

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The SDK waits for ever by default: an endpoint that accepts a connection and never answers
 * would hold the request (and its upload) open. A connection gets 5 s, a silent socket 30 s;
 * the SDK's own retries (3 attempts) then give up and the caller gets UNAVAILABLE.
 */
const HTTP_TIMEOUTS = { connectionTimeout: 5_000, requestTimeout: 30_000 } as const;

/** An S3-compatible bucket (AWS, MinIO, R2, ...). Path-style addressing when an endpoint is set. */
export function createS3Storage(s3: NonNullable<Config['s3']>): FileStorage {
  // The AWS SDK loads on the first file operation, not at start-up (disk-only installs never pay).
  let sdk: Promise<{ client: import('@aws-sdk/client-s3').S3Client; aws: typeof import('@aws-sdk/client-s3') }> | null = null;
  const load = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((aws) => ({
      aws,
      client: new aws.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: !!s3.endpoint,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        requestHandler: HTTP_TIMEOUTS,
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      // PutObject needs a length; uploads are capped at UPLOAD_LIMITS.maxBytes (5 MB), so the
      // body is collected first rather than pulling in the multipart uploader. A failing body
      // (the size limit, a client gone) fails here, before anything reaches the bucket.
      const bytes = await toBuffer(body);
      const { aws, client } = await load();
      try {
        await client.send(new aws.PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      } catch (error) {
        throw storageUnavailable(error);
      }
      return { size: bytes.length };
    },
    async get(key) {
      assertSafeKey(key);
      const { aws, client } = await load();
      let result: import('@aws-sdk/client-s3').GetObjectCommandOutput;
      try {
        result = await client.send(new aws.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      } catch (error) {
        if (error instanceof aws.NoSuchKey) throw fileNotInStorage();
        throw storageUnavailable(error);
      }
      if (!result.Body) throw fileNotInStorage();
      return result.Body as Readable;
    },
    async delete(key) {
      assertSafeKey(key);
      const { aws, client } = await load();
      try {
        // S3 answers 204 for a key that is not there: a retried delete is not an error.
        await client.send(new aws.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
      } catch (error) {
        throw storageUnavailable(error);
      }
    },
  };
}
