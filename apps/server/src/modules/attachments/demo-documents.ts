import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../platform/files/index';
import { findAttachmentsOfOwner, insertAttachment } from './attachments.repo';

export interface DemoDocument {
  ownerType: string;
  ownerId: string;
  /** The file name people see. */
  name: string;
  typeId: string | null;
  /** The lines printed on its one page. */
  lines: string[];
}

/** A one-page PDF with a few lines of Helvetica: enough for a demo document to open and read. */
export function simplePdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = ['BT', '/F1 12 Tf', '72 720 Td', '16 TL', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Demo data: PDF documents on owner records, stored like uploads (a file in storage, then its
 * row), written as data — no audit, no author (the demo seed). Used by the demo seed only.
 */
export async function addDemoDocuments(db: DbOrTx, storage: FileStorage, documents: readonly DemoDocument[]): Promise<number> {
  for (const document of documents) {
    const bytes = simplePdf(document.lines);
    const storageKey = `attachments/${randomUUID()}`;
    await storage.put(storageKey, bytes, 'application/pdf');
    await insertAttachment(db, {
      ownerType: document.ownerType,
      ownerId: document.ownerId,
      typeId: document.typeId,
      name: document.name,
      contentType: 'application/pdf',
      size: bytes.length,
      storageKey,
      createdBy: null,
      createdByEmail: 'demo@apron.test',
    });
  }
  return documents.length;
}

/** Whether the owner record has any document (the demo seed adds its documents once). */
export async function hasDocuments(db: DbOrTx, ownerType: string, ownerId: string): Promise<boolean> {
  return (await findAttachmentsOfOwner(db, { ownerType, ownerId })).length > 0;
}
