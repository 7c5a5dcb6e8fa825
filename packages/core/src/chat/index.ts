import { z } from 'zod';
import { UPLOAD_LIMITS } from '../attachments';
import { ZId } from '../common/list';

/**
 * Chat between wait-list staff and one applicant (spec doc 1 §3 Chat message, doc 2 §7 Messages).
 * The conversation's id is the applicant's id. Plain text only; attachments are documents
 * (images, PDF, DOC, DOCX) under the platform's upload limit.
 */
export const CHAT_LIMITS = {
  /** Characters in one message. */
  maxContent: 4000,
  /** Documents in one message. */
  maxDocuments: 5,
  /** The same limit as every other upload (5 MB): `UPLOAD_LIMITS`. */
  maxBytes: UPLOAD_LIMITS.maxBytes,
  /** Messages a first read (no `since`) returns: the newest ones, oldest first. */
  historySize: 200,
} as const;

/** The web polls for new messages this often (spec doc 2 §9: every 5 seconds). */
export const CHAT_POLL_MS = 5_000;
/** After a failed poll the wait doubles up to this. */
export const CHAT_MAX_BACKOFF_MS = 60_000;
/**
 * A `since` poll also returns what was written in this many milliseconds before the cursor, so a
 * message whose transaction committed a moment after a later one is not skipped; clients merge by `_id`.
 */
export const CHAT_CURSOR_GRACE_MS = 5_000;
/**
 * The other side gets at most one "new message" e-mail per conversation in this period (minutes):
 * the first message after a quiet period e-mails, the rest of a lively exchange does not.
 */
export const CHAT_EMAIL_QUIET_MINUTES = 15;

/** The private-link token travels as `?token=` (a download link cannot carry a header). */
export const ZChatAccessQuery = z.object({
  token: z.string().trim().min(1).max(200).optional(),
});

export const ZChatMessagesQuery = ZChatAccessQuery.extend({
  /** ISO instant: only messages written after it (less the grace), for polling. */
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date-time' }).optional(),
});
export type TChatMessagesQuery = z.infer<typeof ZChatMessagesQuery>;

export const ZChatDocument = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TChatDocument = z.infer<typeof ZChatDocument>;

/** One message as the spec names it: `_id, email, content, createdAt, isAdmin, documents`, plus the sender's name. */
export const ZChatMessage = z.object({
  _id: z.string(),
  email: z.string(),
  /** Who wrote it, as shown: the staff member's or the applicant's name. */
  sender: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** Written by staff (true) or by the applicant (false). */
  isAdmin: z.boolean(),
  documents: z.array(ZChatDocument),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** The conversation's header: whom staff talk to, and whether the caller is staff. */
export const ZChatThread = z.object({
  applicantId: z.string(),
  applicantName: z.string(),
  /** The caller speaks as staff (true) or as the applicant (false). */
  asStaff: z.boolean(),
  messages: z.array(ZChatMessage),
});
export type TChatThread = z.infer<typeof ZChatThread>;

/**
 * Send: `content` and/or `documents` (ids from `POST Messages/{id}/Documents`). A blank message
 * with no document is refused. `listId` (the spec's name for the conversation) may be sent; the
 * path's id decides.
 */
export const ZChatMessageCreate = z
  .object({
    listId: z.string().optional(),
    content: z
      .string()
      .max(CHAT_LIMITS.maxContent, `Message must be at most ${CHAT_LIMITS.maxContent} characters`)
      .refine((value) => !value.includes('\u0000'), 'Message contains a character that is not allowed')
      .optional()
      .default('')
      .transform((value) => value.trim()),
    documents: z.array(ZId).max(CHAT_LIMITS.maxDocuments, `At most ${CHAT_LIMITS.maxDocuments} files in one message`).optional().default([]),
  })
  .refine((value) => value.content.length > 0 || value.documents.length > 0, { path: ['content'], message: 'Message is required' });
export type TChatMessageCreate = z.input<typeof ZChatMessageCreate>;

/** Is this text worth sending? (The web refuses blank input before asking the server.) */
export function isSendableText(text: string): boolean {
  return text.trim().length > 0;
}
