import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: the headers would cost more than the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON (and other text) answers above 1 KB with brotli or gzip by Accept-Encoding,
 * adding `Vary: Accept-Encoding`. Register before the routes. Brotli at quality 4: per-request
 * compression must cost less CPU than it saves on the wire (11 is for build-time copies).
 * Left alone: answers that already carry a Content-Encoding (the web build's precompressed
 * assets), types that do not compress (PDF, images: mime types outside text and JSON),
 * partial content, and event streams. Streamed downloads stay streams.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
