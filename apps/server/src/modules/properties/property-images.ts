import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { PROPERTY_IMAGE_LIMITS, PROPERTY_IMAGE_TYPES } from '@apron/core';
import type { FileStorage } from '../../platform/files/index';
import { AppError } from '../../platform/errors/app-error';

/**
 * Image storage for listings: the app's file storage (disk under `<DATA_DIR>/files/`, or the S3
 * bucket every instance shares) under `property-images/`, so several instances serve the same
 * images. Reads answer null for a missing image (the routes answer 404).
 */
export interface ImageStorage {
  put(key: string, body: Buffer, contentType: string): Promise<{ size: number }>;
  /** The bytes, or null when the key holds nothing. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const FOLDER = 'property-images';
/** Stored file names are server-chosen: `<uuid>.<ext>` and `<uuid>-thumb.webp`. */
export const IMAGE_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.(png|jpg|webp)$/;

export function imageStorageOn(files: FileStorage): ImageStorage {
  const keyOf = (file: string) => {
    if (!IMAGE_FILE_PATTERN.test(file)) throw new Error(`Unsafe image name: ${JSON.stringify(file)}`);
    return `${FOLDER}/${file}`;
  };
  return {
    put: (file, body, contentType) => files.put(keyOf(file), body, contentType),
    async read(file) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await files.get(keyOf(file))) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
    delete: (file) => files.delete(keyOf(file)),
  };
}

const EXTENSIONS: Record<(typeof PROPERTY_IMAGE_TYPES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export interface StoredImage {
  storageKey: string;
  thumbKey: string;
  contentType: string;
}

export function contentTypeOfFile(file: string): string {
  if (file.endsWith('.png')) return 'image/png';
  if (file.endsWith('.jpg')) return 'image/jpeg';
  return 'image/webp';
}

/**
 * Check an upload by its bytes (png, jpeg or webp — never by name or the client's header), store
 * the original and a thumbnail (webp, cover-cropped) for grids and the public list.
 */
export async function storeImage(storage: ImageStorage, bytes: Buffer): Promise<StoredImage> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as (typeof PROPERTY_IMAGE_TYPES)[number] | undefined;
  if (!mime || !(PROPERTY_IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Images must be PNG, JPEG or WebP.');
  }
  let thumb: Buffer;
  try {
    // rotate() applies EXIF orientation; sharp drops metadata (GPS) from the thumbnail.
    // sharp (a native library) loads on the first upload, not at start-up.
    const { default: sharp } = await import('sharp');
    thumb = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PROPERTY_IMAGE_LIMITS.thumbWidth, PROPERTY_IMAGE_LIMITS.thumbHeight, { fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.');
  }
  const id = randomUUID();
  const storageKey = `${id}.${EXTENSIONS[mime]}`;
  const thumbKey = `${id}-thumb.webp`;
  await storage.put(storageKey, bytes, mime);
  await storage.put(thumbKey, thumb, 'image/webp');
  return { storageKey, thumbKey, contentType: mime };
}

export function imageUrl(file: string): string {
  return `/api/Property/List/Images/${file}`;
}
