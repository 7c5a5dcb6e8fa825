import { z } from 'zod';
import { zOneLineText, zRequiredText } from './common/text';

/** Upload limits shared by the browser's pre-check, the server's multipart limit and the schema. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: 'File Size cannot be more than 5MB',
} as const;

/** Documents accept images, pdf, doc, docx (checked by content on the server). */
export const DOCUMENT_MIME_TYPES = [
  'image/png', 'image/jpeg', 'image/gif', 'image/webp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const DOCUMENT_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx';
/** The 415 answer when the bytes are not one of `DOCUMENT_MIME_TYPES`. */
export const UNSUPPORTED_DOCUMENT_MESSAGE = 'Only images, PDF, DOC and DOCX files are accepted.';

/** Entities that carry documents and remarks; each module registers its access rule on the server. */
export const ATTACHMENT_OWNERS = ['property', 'company', 'agreement', 'agreementProperty', 'invoice', 'waitlist', 'tiedown'] as const;
export type TAttachmentOwner = (typeof ATTACHMENT_OWNERS)[number];

export const ZAttachmentOwnerRef = z.object({
  ownerType: z.enum(ATTACHMENT_OWNERS, { error: 'Unknown record type' }),
  ownerId: z.string().uuid('Invalid Id'),
});
export type TAttachmentOwnerRef = z.infer<typeof ZAttachmentOwnerRef>;

/** The text fields of the multipart upload (sent before the `file` part). */
export const ZAttachmentUpload = ZAttachmentOwnerRef.extend({
  typeId: z
    .string()
    .uuid('Invalid Id')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type TAttachmentUpload = z.infer<typeof ZAttachmentUpload>;

export const ZAttachment = z.object({
  _id: z.string(),
  name: z.string(),
  typeId: z.string().nullable(),
  typeName: z.string().nullable(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** What the caller may do with it (the UI shows buttons from this). */
  abilities: z.object({ delete: z.boolean() }).optional(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZRemarkCreate = ZAttachmentOwnerRef.extend({
  subject: zOneLineText('Subject', 200),
  message: zRequiredText('Message', 4000),
  documents: z.array(z.string().uuid()).max(20).default([]),
});
export type TRemarkCreate = z.infer<typeof ZRemarkCreate>;

export const ZRemark = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  documents: z.array(ZAttachment),
  abilities: z.object({ delete: z.boolean() }).optional(),
});
export type TRemark = z.infer<typeof ZRemark>;
