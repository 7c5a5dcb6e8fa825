import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { hasNoLineBreak, oneLineMessage } from '../common/text';

/**
 * Invites (spec doc 2 §7 `POST Waitlist/Invite`, doc 1 §5 Invite): the spec's payload — `emails`,
 * `calendar` (start, end, summary, description, location, url, organizer), `title`, `content`,
 * `name`. `calendar.url` and `calendar.organizer` are ignored: they come from the server's
 * configuration (PRODUCT-RULES 18). The form shows summary as Title.
 */
export const INVITE_LIMITS = { maxRecipients: 50, maxText: 2000 } as const;

/** `YYYY-MM-DDTHH:mm` (a wall-clock time at the airport, as a datetime-local input gives it) or an ISO instant with an offset. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value);
}

function zDateTime(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => (LOCAL_DATE_TIME.test(v) || ISO_INSTANT.test(v)) && !Number.isNaN(comparable(v)), `${label} must be a valid date and time`);
}

/** A number to compare two values of the form by (wall-clock values compare as if in one zone). */
function comparable(value: string): number {
  return LOCAL_DATE_TIME.test(value) ? Date.parse(`${value}Z`) : Date.parse(value);
}

function zText(label: string, max: number = INVITE_LIMITS.maxText) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !v.includes('\u0000'), `${label} contains a character that is not allowed`);
}

/** Title and place become calendar lines and the e-mail's subject: one line each. */
function zOneLine(label: string, max: number) {
  return zText(label, max).refine(hasNoLineBreak, oneLineMessage(label));
}

const EMAIL = z.string().email();

/** A list of addresses, or one text of them separated by commas, semicolons, spaces or new lines. */
export const ZInviteEmails = z
  .union([z.array(z.string()), z.string()], { error: 'Emails is required' })
  .transform((value) => (Array.isArray(value) ? value : value.split(/[\s,;]+/)).map((v) => v.trim().toLowerCase()).filter(Boolean))
  .superRefine((emails, ctx) => {
    if (emails.length === 0) return void ctx.addIssue({ code: 'custom', message: 'Emails is required' });
    const bad = emails.find((e) => !EMAIL.safeParse(e).success);
    if (bad) ctx.addIssue({ code: 'custom', message: `'${bad}' is not a valid email` });
    if (emails.length > INVITE_LIMITS.maxRecipients) ctx.addIssue({ code: 'custom', message: `At most ${INVITE_LIMITS.maxRecipients} recipients` });
  })
  .transform((emails) => [...new Set(emails)]);

export const ZInviteCalendar = z
  .object({
    summary: zOneLine('Title', 200),
    description: zText('Description'),
    location: zOneLine('Location', 300),
    start: zDateTime('Start'),
    end: zDateTime('End'),
    /** Ignored: the server's configuration decides (PRODUCT-RULES 18). */
    url: z.string().optional(),
    organizer: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    const start = comparable(value.start);
    const end = comparable(value.end);
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start' });
  });

export const ZInviteCreate = z.object({
  emails: ZInviteEmails,
  calendar: ZInviteCalendar,
  /** Optional spec fields: the e-mail's subject (`title`, default the summary) and an extra note (`content`). */
  title: z.string().trim().max(200).refine(hasNoLineBreak, oneLineMessage('Subject')).optional(),
  content: z.string().trim().max(INVITE_LIMITS.maxText).optional(),
  name: z.string().trim().max(200).refine(hasNoLineBreak, oneLineMessage('Name')).optional(),
});
export type TInviteCreate = z.input<typeof ZInviteCreate>;
export type TInviteCreateParsed = z.output<typeof ZInviteCreate>;

/** A sent invite in the Appointments list. */
export const ZInviteRow = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  start: z.string(),
  end: z.string(),
  emails: z.array(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type TInviteRow = z.infer<typeof ZInviteRow>;

export const INVITE_SORT_FIELDS = ['start', 'createdAt', 'title'] as const;
export const ZInviteListQuery = ZListQuery;

export const INVITE_SENT_MESSAGE = 'Invite Sent';

/**
 * The instant of a wall-clock time (`YYYY-MM-DDTHH:mm`) in `timeZone`; an ISO instant with an
 * offset is returned as it is. Two passes settle the offset around daylight-saving changes.
 */
export function toInstant(value: string, timeZone: string): Date {
  if (!isLocalDateTime(value)) return new Date(value);
  const asUtc = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

function offsetMs(at: Date, timeZone: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p: Record<string, string> = {};
  for (const part of fmt.formatToParts(at)) p[part.type] = part.value;
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
