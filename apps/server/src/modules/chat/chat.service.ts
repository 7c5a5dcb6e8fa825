import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CHAT_CURSOR_GRACE_MS, CHAT_EMAIL_QUIET_MINUTES, CHAT_LIMITS, UNSUPPORTED_DOCUMENT_MESSAGE, UPLOAD_LIMITS, readSetting } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { sniffDocumentType } from '../../platform/files/index';
import { nudgeMailDelivery, queueMail } from '../../platform/mail/index';
import type { DbOrTx } from '../../db/client';
import { loadSystemSettings } from '../settings/index';
import { isStaff, type ChatCaller } from './chat.policy';
import * as repo from './chat.repo';
import type { ChatDocumentRow } from './chat.table';

export function senderOf(caller: ChatCaller): { email: string; name: string; authorId: string | null } {
  if (isStaff(caller)) return { email: caller.user.email, name: `${caller.user.givenName} ${caller.user.familyName}`.trim() || caller.user.email, authorId: caller.user.id };
  const { applicant, user } = caller;
  return { email: applicant.email || user?.email || '', name: `${applicant.firstName} ${applicant.lastName}`.trim(), authorId: user?.id ?? null };
}

export function listMessages(readMessages: repo.MessageReader, caller: ChatCaller, since: string | undefined) {
  const cursor = since ? new Date(new Date(since).getTime() - CHAT_CURSOR_GRACE_MS) : null;
  return readMessages(caller.applicant.id, cursor, CHAT_LIMITS.historySize);
}

export function markRead(ctx: AppContext, caller: ChatCaller): Promise<number> {
  return repo.markRead(ctx.db, caller.applicant.id, isStaff(caller));
}

/**
 * Send: the message, its documents and (at most once per quiet period) an e-mail to the other
 * side, in one transaction; delivery after commit. A staff reply also marks the applicant's
 * messages read.
 */
export async function postMessage(ctx: AppContext, caller: ChatCaller, input: { content: string; documents: string[] }): Promise<repo.MessageWithDocuments> {
  const staff = isStaff(caller);
  const sender = senderOf(caller);
  const documentIds = [...new Set(input.documents)];
  const { message, notified } = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertMessage(tx, {
      applicantId: caller.applicant.id,
      isAdmin: staff,
      authorId: sender.authorId,
      authorEmail: sender.email,
      authorName: sender.name,
      content: input.content,
    });
    const documents = await repo.attachDocuments(tx, caller.applicant.id, row.id, documentIds, staff);
    if (documents.length !== documentIds.length) throw fieldError('documents', 'A file is not part of this conversation or was already sent');
    if (staff) await repo.markRead(tx, caller.applicant.id, true);
    // The caller is the audit actor: the staff member or the signed-in applicant; a private-link visitor is anonymous (no user).
    await recordAudit(tx, caller, { action: 'create', entity: 'chatMessage', entityId: row.id, after: { applicantId: caller.applicant.id, isAdmin: staff, documents: documentIds.length } });
    const mailed = await notifyOtherSide(ctx, tx, caller);
    return { message: { ...row, documents }, notified: mailed };
  });
  if (notified) await nudgeMailDelivery(ctx);
  return message;
}

/** E-mail the other side unless it was e-mailed in the last CHAT_EMAIL_QUIET_MINUTES. */
async function notifyOtherSide(ctx: AppContext, tx: DbOrTx, caller: ChatCaller): Promise<boolean> {
  const toStaff = !isStaff(caller);
  const { applicant } = caller;
  const name = `${applicant.firstName} ${applicant.lastName}`.trim();
  const recipients = toStaff ? await repo.findStaffToNotify(tx, applicant.id) : applicant.email ? [applicant.email] : [];
  if (recipients.length === 0) return false;
  if (!(await repo.claimNotification(tx, applicant.id, toStaff, CHAT_EMAIL_QUIET_MINUTES))) return false;
  const airport = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  const base = ctx.config.publicUrl;
  const text = toStaff
    ? [`${name} wrote in their wait-list chat.`, '', `Open the conversation: ${base}/chat/${applicant.id}`, '', `You get at most one such e-mail per conversation every ${CHAT_EMAIL_QUIET_MINUTES} minutes.`].join('\n')
    : [
        `Hello ${name},`,
        '',
        `${airport} staff replied in your wait-list chat.`,
        'Open it from the private link in your wait-list confirmation e-mail,',
        `or sign in with this e-mail address and go to ${base}/chat/${applicant.id}.`,
        '',
        `You get at most one such e-mail every ${CHAT_EMAIL_QUIET_MINUTES} minutes.`,
      ].join('\n');
  await queueMail(tx, {
    to: recipients,
    subject: toStaff ? `New wait-list message from ${name}` : `New message about your wait-list place at ${airport}`,
    text,
    kind: toStaff ? 'chat-staff' : 'chat-applicant',
    ref: `chat:${applicant.id}`,
  });
  return true;
}

export interface IncomingFile {
  stream: Readable;
  filename: string;
  truncated(): boolean;
}

/**
 * Upload a file for a message still to be sent: streamed to storage, judged by its bytes (images,
 * PDF, DOC, DOCX), 413 past the upload limit, 415 otherwise; a refused file is removed again.
 */
export async function uploadDocument(ctx: AppContext, caller: ChatCaller, file: IncomingFile): Promise<ChatDocumentRow> {
  const storageKey = `chat/${randomUUID()}`;
  const { size } = await ctx.files.put(storageKey, file.stream, 'application/octet-stream');
  try {
    if (file.truncated() || size > CHAT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_LIMITS.tooLargeMessage);
    const contentType = await sniffDocumentType(await ctx.files.get(storageKey));
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_DOCUMENT_MESSAGE);
    return await repo.insertDocument(ctx.db, { applicantId: caller.applicant.id, uploadedByStaff: isStaff(caller), name: file.filename, contentType, size, storageKey });
  } catch (error) {
    await ctx.files.delete(storageKey).catch((e: unknown) => ctx.log.warn({ err: e, storageKey }, 'could not remove a refused chat upload'));
    throw error;
  }
}


/** Nightly: files uploaded for a message that was never sent (older than a day) are removed. */
export async function removeUnsentDocuments(ctx: Pick<AppContext, 'db' | 'files' | 'log'>): Promise<number> {
  const keys = await repo.deleteUnsentDocuments(ctx.db, new Date(Date.now() - 86_400_000));
  for (const key of keys) await ctx.files.delete(key).catch((e: unknown) => ctx.log.warn({ err: e, storageKey: key }, 'could not remove an unsent chat upload'));
  return keys.length;
}
