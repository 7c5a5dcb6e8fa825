/** File storage (disk | S3) and content sniffing. */
export { createFileStorage, assertSafeKey, type FileStorage } from './storage';
export { sniffDocumentType, sniffImageType, type DocumentMimeType } from './sniff';
