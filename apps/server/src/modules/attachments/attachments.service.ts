import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UNSUPPORTED_DOCUMENT_MESSAGE, UPLOAD_LIMITS, type TAttachmentOwnerRef, type TAttachmentUpload, type TRemarkCreate, type TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { sniffDocumentType } from '../../platform/files/index';
import { authorizeOwner, canDelete, type AttachmentOwner } from './attachments.owners';
import * as repo from './attachments.repo';
import type { AttachmentWithType } from './attachments.repo';
import type { AttachmentRow, RemarkRow } from './attachments.table';
import type { Tx } from '../../db/client';

export interface Actor {
  user: TSessionUser;
  requestId: string;
}

export interface IncomingFile {
  stream: Readable;
  filename: string;
  /** True when the stream was cut at the size limit (the multipart parser ends it quietly). */
  truncated(): boolean;
}

function isForeignKeyViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23503';
}

/**
 * Stream the file to storage, then judge it by its bytes: refused content is removed again and
 * answered 415. The row and its audit entry are written in one transaction; a failure after the
 * file landed removes the file.
 */
export async function uploadAttachment(
  ctx: AppContext,
  actor: Actor,
  fields: TAttachmentUpload,
  file: IncomingFile,
): Promise<{ row: AttachmentWithType; canDelete: boolean }> {
  const owner = await authorizeOwner(ctx, actor.user, fields, 'write');
  const row = await storeDocument(ctx, actor, { ownerType: fields.ownerType, ownerId: fields.ownerId, typeId: fields.typeId ?? null }, file);
  return { row, canDelete: canDelete(actor.user, owner) };
}

export interface StoreOptions<T> {
  /** Content types accepted (a subset of the documents'); refused with `unsupportedMessage`. */
  accept?: readonly string[];
  unsupportedMessage?: string;
  /** More work in the transaction that writes the row (e.g. link it to its record): all or nothing. */
  inTransaction?: (tx: Tx, row: AttachmentRow) => Promise<T>;
}

/**
 * Store a document for an owner the caller has already authorized (other modules keep files this
 * way: an insurance's certificate). The bytes decide the content type; anything refused, or a
 * failure of `inTransaction`, leaves nothing stored.
 */
export async function storeDocument<T = void>(
  ctx: AppContext,
  actor: Actor,
  ref: { ownerType: string; ownerId: string; typeId: string | null },
  file: IncomingFile,
  options: StoreOptions<T> = {},
): Promise<AttachmentWithType> {
  const storageKey = `attachments/${randomUUID()}`;
  const { size } = await ctx.files.put(storageKey, file.stream, 'application/octet-stream');
  try {
    if (file.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_LIMITS.tooLargeMessage);
    const contentType = await sniffDocumentType(await ctx.files.get(storageKey));
    if (!contentType || (options.accept && !options.accept.includes(contentType))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.unsupportedMessage ?? UNSUPPORTED_DOCUMENT_MESSAGE);
    }
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertAttachment(tx, {
        ownerType: ref.ownerType,
        ownerId: ref.ownerId,
        typeId: ref.typeId,
        name: file.filename,
        contentType,
        size,
        storageKey,
        createdBy: actor.user.id,
        createdByEmail: actor.user.email,
      });
      await recordAudit(tx, actor, { action: 'create', entity: 'attachment', entityId: inserted.id, after: { ...inserted } });
      if (options.inTransaction) await options.inTransaction(tx, inserted);
      return inserted;
    });
    return (await repo.findAttachmentById(ctx.db, row.id))!;
  } catch (error) {
    await ctx.files.delete(storageKey).catch((e: unknown) => ctx.log.warn({ err: e, storageKey }, 'could not remove a refused upload'));
    if (isForeignKeyViolation(error)) throw fieldError('typeId', 'Unknown document type');
    throw error;
  }
}

/** A document the caller may read (404 otherwise), with its owner's rules. */
export async function getReadableAttachment(ctx: AppContext, user: TSessionUser, id: string): Promise<{ row: AttachmentWithType; owner: AttachmentOwner }> {
  const row = await repo.findAttachmentById(ctx.db, id);
  if (!row) throw notFound('Document not found');
  const owner = await authorizeOwner(ctx, user, row, 'read');
  return { row, owner };
}

export async function listAttachments(ctx: AppContext, user: TSessionUser, ref: TAttachmentOwnerRef): Promise<{ rows: AttachmentWithType[]; canDelete: boolean }> {
  const owner = await authorizeOwner(ctx, user, ref, 'read');
  return { rows: await repo.findAttachmentsOfOwner(ctx.db, ref), canDelete: canDelete(user, owner) };
}

/** Admins of the owner's module only. The stored file goes after the row is gone. */
export async function deleteAttachment(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await repo.findAttachmentById(ctx.db, id);
  if (!row) throw notFound('Document not found');
  await authorizeOwner(ctx, actor.user, row, 'admin');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteAttachmentRow(tx, id);
    const { typeName: _typeName, ...before } = row;
    await recordAudit(tx, actor, { action: 'delete', entity: 'attachment', entityId: id, before });
  });
  await ctx.files.delete(row.storageKey).catch((e: unknown) => ctx.log.warn({ err: e, storageKey: row.storageKey }, 'could not remove a deleted document file'));
}

export interface RemarkWithDocuments {
  row: RemarkRow;
  documents: AttachmentWithType[];
}

export async function listRemarks(ctx: AppContext, user: TSessionUser, ref: TAttachmentOwnerRef): Promise<{ remarks: RemarkWithDocuments[]; canDelete: boolean }> {
  const owner = await authorizeOwner(ctx, user, ref, 'read');
  const rows = await repo.findRemarksOfOwner(ctx.db, ref);
  const documents = await repo.findDocumentsOfRemarks(ctx.db, rows.map((r) => r.id));
  return { remarks: rows.map((row) => ({ row, documents: documents.get(row.id) ?? [] })), canDelete: canDelete(user, owner) };
}

/** Author and time come from the server; cited documents must be this owner's. */
export async function createRemark(ctx: AppContext, actor: Actor, input: TRemarkCreate): Promise<{ remark: RemarkWithDocuments; canDelete: boolean }> {
  const owner = await authorizeOwner(ctx, actor.user, input, 'write');
  const documentIds = [...new Set(input.documents)];
  const row = await ctx.db.transaction(async (tx) => {
    const owned = await repo.findOwnedAttachmentIds(tx, input, documentIds);
    if (owned.length !== documentIds.length) throw fieldError('documents', 'Documents must belong to the same record');
    const inserted = await repo.insertRemark(
      tx,
      { ownerType: input.ownerType, ownerId: input.ownerId, subject: input.subject, message: input.message, createdBy: actor.user.id, createdByEmail: actor.user.email },
      documentIds,
    );
    await recordAudit(tx, actor, { action: 'create', entity: 'remark', entityId: inserted.id, after: { ...inserted, documents: documentIds } });
    return inserted;
  });
  const documents = await repo.findDocumentsOfRemarks(ctx.db, [row.id]);
  return { remark: { row, documents: documents.get(row.id) ?? [] }, canDelete: canDelete(actor.user, owner) };
}

/** Admins of the owner's module only; the remark's documents stay with the owner. */
export async function deleteRemark(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await repo.findRemarkById(ctx.db, id);
  if (!row) throw notFound('Remark not found');
  await authorizeOwner(ctx, actor.user, row, 'admin');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRemarkRow(tx, id);
    await recordAudit(tx, actor, { action: 'delete', entity: 'remark', entityId: id, before: { ...row } });
  });
}
