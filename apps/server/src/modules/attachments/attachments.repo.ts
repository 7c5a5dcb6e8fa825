import { and, asc, desc, eq, getTableColumns, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentTypeNameSql } from '../settings/index';
import { attachments, remarkDocuments, remarks, type AttachmentRow, type RemarkRow } from './attachments.table';

export type AttachmentWithType = AttachmentRow & { typeName: string | null };
export interface OwnerRef {
  ownerType: string;
  ownerId: string;
}

/** A document list is one record's documents: bounded by hand, not paged. */
const MAX_PER_OWNER = 1000;

function selectAttachments(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(attachments), typeName: documentTypeNameSql(attachments.typeId) })
    .from(attachments);
}

export async function findAttachmentById(db: DbOrTx, id: string): Promise<AttachmentWithType | null> {
  const [row] = await selectAttachments(db).where(eq(attachments.id, id)).limit(1);
  return row ?? null;
}

export async function findAttachmentsOfOwner(db: DbOrTx, ref: OwnerRef): Promise<AttachmentWithType[]> {
  return selectAttachments(db)
    .where(and(eq(attachments.ownerType, ref.ownerType), eq(attachments.ownerId, ref.ownerId)))
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(MAX_PER_OWNER);
}

/** The ids among `ids` that are documents of this owner (remarks may cite only those). */
export async function findOwnedAttachmentIds(db: DbOrTx, ref: OwnerRef, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.ownerType, ref.ownerType), eq(attachments.ownerId, ref.ownerId), inArray(attachments.id, ids)));
  return rows.map((r) => r.id);
}

/** Whether the document belongs to the owner record (other modules link documents they own). */
export async function isDocumentOf(db: DbOrTx, ref: OwnerRef, id: string): Promise<boolean> {
  return (await findOwnedAttachmentIds(db, ref, [id])).length === 1;
}

/** Whether the remark belongs to the owner record. */
export async function isRemarkOf(db: DbOrTx, ref: OwnerRef, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: remarks.id })
    .from(remarks)
    .where(and(eq(remarks.id, id), eq(remarks.ownerType, ref.ownerType), eq(remarks.ownerId, ref.ownerId)))
    .limit(1);
  return !!row;
}

export type NewAttachment = typeof attachments.$inferInsert;

export async function insertAttachment(db: DbOrTx, values: NewAttachment): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  return row!;
}

export async function deleteAttachmentRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id));
}

/**
 * Everything attached to an owner that is being deleted: its remarks (with their links to
 * documents) and its documents. Returns the documents' storage keys, for the caller to remove the
 * files after its transaction commits.
 */
export async function deleteAllOfOwner(db: DbOrTx, ref: OwnerRef): Promise<string[]> {
  await db.delete(remarks).where(and(eq(remarks.ownerType, ref.ownerType), eq(remarks.ownerId, ref.ownerId)));
  const gone = await db
    .delete(attachments)
    .where(and(eq(attachments.ownerType, ref.ownerType), eq(attachments.ownerId, ref.ownerId)))
    .returning({ storageKey: attachments.storageKey });
  return gone.map((row) => row.storageKey);
}

export async function findRemarkById(db: DbOrTx, id: string): Promise<RemarkRow | null> {
  const [row] = await db.select().from(remarks).where(eq(remarks.id, id)).limit(1);
  return row ?? null;
}

export async function findRemarksOfOwner(db: DbOrTx, ref: OwnerRef): Promise<RemarkRow[]> {
  return db
    .select()
    .from(remarks)
    .where(and(eq(remarks.ownerType, ref.ownerType), eq(remarks.ownerId, ref.ownerId)))
    .orderBy(desc(remarks.createdAt), desc(remarks.id))
    .limit(MAX_PER_OWNER);
}

export type NewRemark = typeof remarks.$inferInsert;

export async function insertRemark(db: DbOrTx, values: NewRemark, documentIds: string[]): Promise<RemarkRow> {
  const [row] = await db.insert(remarks).values(values).returning();
  if (documentIds.length > 0) {
    await db.insert(remarkDocuments).values(documentIds.map((attachmentId) => ({ remarkId: row!.id, attachmentId })));
  }
  return row!;
}

export async function deleteRemarkRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(remarks).where(eq(remarks.id, id));
}

/** Each remark's documents, in one query. */
export async function findDocumentsOfRemarks(db: DbOrTx, remarkIds: string[]): Promise<Map<string, AttachmentWithType[]>> {
  const byRemark = new Map<string, AttachmentWithType[]>(remarkIds.map((id) => [id, []]));
  if (remarkIds.length === 0) return byRemark;
  const rows = await db
    .select({ remarkId: remarkDocuments.remarkId, ...getTableColumns(attachments), typeName: documentTypeNameSql(attachments.typeId) })
    .from(remarkDocuments)
    .innerJoin(attachments, eq(attachments.id, remarkDocuments.attachmentId))
    .where(inArray(remarkDocuments.remarkId, remarkIds))
    .orderBy(attachments.createdAt);
  for (const { remarkId, ...attachment } of rows) byRemark.get(remarkId)?.push(attachment);
  return byRemark;
}

/**
 * Every document of the airport, a page at a time in id order (`after` the last page's last id):
 * the export zip streams them one by one, never holding the list.
 */
export async function pageOfAllDocuments(db: DbOrTx, after: string | null, limit: number): Promise<AttachmentWithType[]> {
  return selectAttachments(db)
    .where(after ? gt(attachments.id, after) : undefined)
    .orderBy(asc(attachments.id))
    .limit(limit);
}
