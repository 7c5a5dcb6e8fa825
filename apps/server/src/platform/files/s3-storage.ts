import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { AppError } from '../errors/app-error';
import { assertSafeKey } from './keys';
import type { FileStorage } from './storage';

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

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
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      // PutObject needs a length; uploads are capped at UPLOAD_LIMITS.maxBytes (5 MB), so the
      // body is collected first rather than pulling in the multipart uploader.
      const bytes = await toBuffer(body);
      const { aws, client } = await load();
      await client.send(new aws.PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return { size: bytes.length };
    },
    async get(key) {
      assertSafeKey(key);
      const { aws, client } = await load();
      try {
        const result = await client.send(new aws.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        if (!result.Body) throw new AppError('NOT_FOUND', 'The file is not in storage.');
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof aws.NoSuchKey) throw new AppError('NOT_FOUND', 'The file is not in storage.');
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { aws, client } = await load();
      await client.send(new aws.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
}
