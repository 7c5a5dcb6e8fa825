import type { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import { DOCUMENT_MIME_TYPES } from '@apron/core';

export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/**
 * The content type of a document from its bytes, never its name or the client's header;
 * null when it is not an accepted document. An OLE compound file is what a Word 97-2003 `.doc`
 * is; file-type reports it as `application/x-cfb`, so it is treated as `application/msword`.
 */
export async function sniffDocumentType(stream: Readable): Promise<DocumentMimeType | null> {
  try {
    // file-type's Node entry reads Node streams; the "bundler" resolution of our tsconfig sees
    // its browser typings, which name only web streams.
    const detected = await fileTypeFromStream(stream as unknown as Parameters<typeof fileTypeFromStream>[0]);
    if (!detected) return null;
    const mime = detected.mime === 'application/x-cfb' ? 'application/msword' : detected.mime;
    return (DOCUMENT_MIME_TYPES as readonly string[]).includes(mime) ? (mime as DocumentMimeType) : null;
  } finally {
    stream.destroy();
  }
}

/**
 * The image type of an upload from its bytes: one of `accepted` (e.g. PNG, JPEG, WebP), else
 * null. SVG is never one: it is text that can carry script.
 */
export async function sniffImageType<T extends string>(bytes: Buffer, accepted: readonly T[]): Promise<T | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && (accepted as readonly string[]).includes(detected.mime) ? (detected.mime as T) : null;
}
