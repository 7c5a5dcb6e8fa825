import { z } from 'zod';

/** What produced an alert (shown as the Type column of the messages grid). */
export const ALERT_KINDS = ['contact', 'lostcard', 'notification'] as const;
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
