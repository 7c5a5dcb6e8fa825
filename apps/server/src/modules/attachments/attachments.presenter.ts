import type { TAttachment, TRemark } from '@apron/core';
import type { AttachmentWithType } from './attachments.repo';
import type { RemarkRow } from './attachments.table';

export function presentAttachment(row: AttachmentWithType, canDelete: boolean): TAttachment {
  return {
    _id: row.id,
    name: row.name,
    typeId: row.typeId,
    typeName: row.typeName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    abilities: { delete: canDelete },
  };
}

export function presentRemark(row: RemarkRow, documents: AttachmentWithType[], canDelete: boolean): TRemark {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    documents: documents.map((d) => presentAttachment(d, canDelete)),
    abilities: { delete: canDelete },
  };
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266): the ASCII fallback for old
 * clients, the encoded name for everyone else. Quotes, backslashes and controls never pass.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The name to keep: the last path segment, without control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return cleaned || 'document';
}
