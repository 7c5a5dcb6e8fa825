import { z } from 'zod';
import { ZId } from './common/list';
import { NOTICE_MODULES } from './settings/master-data';

/**
 * Sending a notice from a record (issue 13): what the Send Notice dialog needs, scoped like
 * `POST SendNotices` (docs/communications.md, Notices). `ZSendNotice` itself lives in
 * `communications.ts`.
 */

/** `GET Notices/ForRecord?module=&id=` and `GET Notices/Preview?key=&id=`. */
export const ZNoticeForRecordQuery = z.object({
  module: z.enum(NOTICE_MODULES, { error: 'Choose Invoices, Waitlist or Company' }),
  id: ZId,
});
export type TNoticeForRecordQuery = z.infer<typeof ZNoticeForRecordQuery>;

export const ZNoticeOption = z.object({ key: z.string(), name: z.string(), description: z.string() });
export type TNoticeOption = z.infer<typeof ZNoticeOption>;

/**
 * Why an address may receive a notice about the record: one of the record's own contacts (the
 * company's or invoice tenant's e-mail, an applicant's e-mail), a user of the record's company,
 * or an internal user.
 */
export const NOTICE_RECIPIENT_KINDS = ['contact', 'company', 'internal'] as const;
export type TNoticeRecipientKind = (typeof NOTICE_RECIPIENT_KINDS)[number];
export const NOTICE_RECIPIENT_KIND_LABELS: Record<TNoticeRecipientKind, string> = {
  contact: 'Record contact',
  company: 'Company user',
  internal: 'Internal user',
};

export const ZNoticeRecipient = z.object({ email: z.string(), name: z.string(), kind: z.enum(NOTICE_RECIPIENT_KINDS) });
export type TNoticeRecipient = z.infer<typeof ZNoticeRecipient>;

export const ZNoticesForRecord = z.object({
  /** How the record is named to a person ('Invoice #12', the company's or applicant's name). */
  label: z.string(),
  notices: z.array(ZNoticeOption),
  recipients: z.array(ZNoticeRecipient),
});
export type TNoticesForRecord = z.infer<typeof ZNoticesForRecord>;

export const ZNoticePreviewQuery = z.object({
  key: z.string().trim().min(1, 'Key is required').max(80),
  id: ZId,
});

/** The notice as `SendNotices` would send it now: rendered from stored data, sanitised. */
export const ZNoticePreview = z.object({ subject: z.string(), html: z.string() });
export type TNoticePreview = z.infer<typeof ZNoticePreview>;

/** The empty state of the dialog: where notices are made. */
export function noNoticesText(module: string): string {
  const kind = module === 'Company' ? 'companies' : module === 'Waitlist' ? 'wait-list applicants' : module.toLowerCase();
  return `No notices for ${kind} yet — Settings > Notices`;
}
