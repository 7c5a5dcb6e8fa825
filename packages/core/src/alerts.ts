import { z } from 'zod';
import { ZEmail, hasNoLineBreak, oneLineMessage } from './common/text';
import { ZId } from './common/list';

/** What produced an alert (shown as the Type column of the messages grid). */
/** `notification`: written by staff (Create Notification); `rule`: sent by a notification rule. */
export const ALERT_KINDS = ['contact', 'lostcard', 'notification', 'rule'] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];

/** One alert in the caller's list (spec: _id, subject, message, createdAt, isNew). */
export const ZAlertItem = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  kind: z.string(),
  /** `text` (public forms: render as text, never as HTML) or `html` (sanitised rich text). */
  format: z.enum(['text', 'html']),
  createdAt: z.string(),
  isNew: z.boolean(),
});
export type TAlertItem = z.infer<typeof ZAlertItem>;

/** Sortable columns of `GET /api/Alerts` (default newest first). */
export const ALERT_SORT_FIELDS = ['createdAt', 'subject'] as const;

/** `GET Alerts/Users/{group}`: which people the Create Notification dialog fills in. */
export const ALERT_USER_GROUPS = ['ALL', 'COMPANIES', 'ACTIVE', 'INTERNAL', 'APPLICANTS', 'NONE'] as const;
export type TAlertUserGroup = (typeof ALERT_USER_GROUPS)[number];
export const ALERT_USER_GROUP_LABELS: Record<TAlertUserGroup, string> = {
  ALL: 'All users',
  COMPANIES: 'Company users',
  ACTIVE: 'Users of active companies',
  INTERNAL: 'Internal users',
  APPLICANTS: 'Wait-list applicants',
  NONE: 'None (choose people)',
};
export const ZAlertUserGroupParams = z.object({ group: z.enum(ALERT_USER_GROUPS, { error: 'Choose a user group' }) });

export const ZAlertUser = z.object({ _id: z.string(), email: z.string(), name: z.string(), isInternal: z.boolean() });
export type TAlertUser = z.infer<typeof ZAlertUser>;

/** Limits of a staff notification (spec: non-blank subject, non-empty rich-text body). */
export const ALERT_LIMITS = { subjectMax: 200, bodyMax: 100_000, recipientsMax: 5_000 } as const;

/** `POST Alerts`: the body is HTML from the editor; the server sanitises it before storing. */
export const ZAlertCreate = z.object({
  userIds: z.array(ZId).min(1, 'Choose at least one recipient').max(ALERT_LIMITS.recipientsMax, `At most ${ALERT_LIMITS.recipientsMax} recipients`),
  subject: z.string().trim().min(1, 'Subject is required').max(ALERT_LIMITS.subjectMax, `Subject is at most ${ALERT_LIMITS.subjectMax} characters`).refine(hasNoLineBreak, oneLineMessage('Subject')),
  body: z
    .string()
    .max(ALERT_LIMITS.bodyMax, 'Message is too long')
    // Blank markup (`<p></p>`, spaces) is no message: the server checks the sanitised text too.
    .refine((html) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0, 'Message is required'),
});
export type TAlertCreate = z.infer<typeof ZAlertCreate>;

/** `POST Alerts/Email`: share one of the caller's alerts with an address. */
export const ZAlertEmail = z.object({
  id: ZId,
  email: ZEmail,
});
export type TAlertEmail = z.infer<typeof ZAlertEmail>;

/** `GET Alerts/Unread`: the badge on the Alerts tile and in the top bar. */
export const ZAlertUnread = z.object({ count: z.number().int() });
export type TAlertUnread = z.infer<typeof ZAlertUnread>;

export const ALERT_MESSAGES = {
  created: 'Notification Sent',
  emailed: 'Email Sent',
  emptyBody: 'Message is required',
  unknownRecipients: 'Some recipients do not exist or are disabled',
} as const;
