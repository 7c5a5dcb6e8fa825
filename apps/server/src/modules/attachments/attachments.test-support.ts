import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ATTACHMENT_OWNERS, hasModule, type TAttachmentOwner } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { TestApp } from '../../../test/helpers';
import { attachmentOwners } from './attachments.owners';
import { asSystem } from '../../platform/tenancy/index';

/** A real 1x1 PNG. */
export function pngBytes(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

/** A Word 97-2003 document starts with the OLE compound-file signature. */
export function docBytes(): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes);
  return bytes;
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body: the text fields first, then the file (as the web sends it). */
export function multipartBody(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----apron${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A stand-in owner module for tests: records in a test table `test_owners` (with the company of
 * the tenant who may see them), registered through the real registry like a module would:
 * Property users read and write, the owning company's users read only.
 */
export async function registerTestOwner(t: TestApp): Promise<{ ownerType: TAttachmentOwner; createOwner(companyId?: string | null): Promise<string> }> {
  // A free owner type, or else the last one, taken from its module for this test app only.
  const ownerType = ATTACHMENT_OWNERS.find((type) => !t.plugins.byKey(attachmentOwners, type)) ?? ATTACHMENT_OWNERS[ATTACHMENT_OWNERS.length - 1]!;
  // The owner creates the table (its default privileges let the app role use it).
  await asSystem(() => t.database.query('create table if not exists test_owners (id uuid primary key default gen_random_uuid(), company_id uuid)'));
  const companyOf = async (db: DbOrTx, id: string): Promise<{ companyId: string | null } | null> => {
    const result = (await db.execute(sql`select company_id from test_owners where id = ${id}`)) as unknown as { rows: Array<{ company_id: string | null }> };
    const row = result.rows[0];
    return row ? { companyId: row.company_id } : null;
  };
  t.plugins.replace(attachmentOwners, ownerType, {
    module: 'Property',
    canRead: async (user, id, db) => {
      const owner = await companyOf(db, id);
      if (!owner) return false;
      return hasModule(user, 'Property') || (!user.isInternal && !!user.companyId && user.companyId === owner.companyId);
    },
    canWrite: async (user, id, db) => hasModule(user, 'Property') && !!(await companyOf(db, id)),
  });
  return {
    ownerType,
    createOwner: async (companyId = null) => {
      const { rows } = await t.database.query('insert into test_owners (company_id) values ($1) returning id', [companyId]);
      return rows[0]!.id as string;
    },
  };
}
