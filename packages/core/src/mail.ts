import { z } from 'zod';
import { ZListQuery } from './common/list';

/**
 * The outbox as staff see it (Settings admins): what was sent to whom and whether it arrived.
 * The body is not part of it: it may hold links meant for the recipient only (set-password).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

export const ZMailListQuery = ZListQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Use queued, sending, sent or failed' }).optional(),
});
export type TMailListQuery = z.infer<typeof ZMailListQuery>;

export const ZMailMessage = z.object({
  _id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  /** What caused it: `payment-receipt`, `contact`, `invite` ... */
  kind: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The next try (queued), or when a failed one gave up. */
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TMailMessage = z.infer<typeof ZMailMessage>;

export const MAIL_MESSAGES = {
  notFailed: 'Only an e-mail that failed can be resent.',
} as const;
