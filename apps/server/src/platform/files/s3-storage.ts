import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: !!s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      // PutObject needs a length; uploads are capped at UPLOAD_LIMITS.maxBytes (5 MB), so the
      // body is collected first rather than pulling in the multipart uploader.
      const bytes = await toBuffer(body);
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return { size: bytes.length };
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        if (!result.Body) throw new AppError('NOT_FOUND', 'The file is not in storage.');
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new AppError('NOT_FOUND', 'The file is not in storage.');
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
}
