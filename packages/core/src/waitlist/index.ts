import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { NUL_MESSAGE, ZHoneypot, ZPhoneOptional, zOptionalText, zRequiredText } from '../common/text';

/**
 * The wait list (spec doc 1 §2 Wait list, §3 Wait-list applicant, §4, §5; doc 2 §7 Waitlist;
 * PRODUCT-RULES 20, 21). One schema per form, shared by the dialog (zodResolver) and the route.
 */
export const WAITLIST_STATUSES = ['Unpaid', 'Paid', 'InProgress'] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  added: 'Added to WaitList',
  statusUpdated: 'Status Updated Successfully',
  accountCreated: 'Account Has Been Created',
  deleted: 'Applicant Deleted',
  moved: 'Applicant Moved',
  factSheetUploaded: 'Fact Sheet Uploaded Successfully',
  noFactSheet: 'No fact sheet has been uploaded yet.',
  factSheetPdfOnly: 'The fact sheet must be a PDF file',
  notFound: 'Applicant not found',
  privateLinkInvalid: 'This link is not valid (the applicant may have been removed from the wait list).',
  accountNeedsEmail: 'The applicant needs an e-mail address before an account can be made',
  chargeChanged: 'The wait list charge changed; please review the amount and try again.',
} as const;

/** The first option of the Property Type select (spec). */
export const PLEASE_SELECT = 'Please Select';

/** Fact sheet PDFs: the same 5 MB as every other upload, PDF only. */
export const FACT_SHEET_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: 'File Size cannot be more than 5MB',
  mimeType: 'application/pdf',
} as const;

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email is not valid')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email is not valid')
  .optional()
  .default('')
  .transform((v) => v.toLowerCase());

const ZPropertyTypeId = z
  .string({ error: 'Property Type is required' })
  .trim()
  .min(1, 'Property Type is required')
  .refine((v) => z.uuid().safeParse(v).success, 'Property Type is required');

/**
 * Join Waitlist (spec doc 1 §5): propertyType, firstName, lastName required; phone, e-mail and
 * organization optional here. Who must give them is the caller's role, decided on the server
 * (`requiredForPublic`): staff (the properties screen) may leave them blank; anyone else may not.
 * `website` is the honeypot: people never see it, a bot fills it.
 */
/** An applicant's own fields, as the join form and the staff edit both take them. */
const ZApplicantFields = z.object({
  propertyType: ZPropertyTypeId,
  aircrafttype: zOptionalText(100),
  firstName: zRequiredText('First Name', 100),
  lastName: zRequiredText('Last Name', 100),
  phone: ZPhoneOptional,
  email: optionalEmail,
  organization: zOptionalText(200),
});

export const ZWaitlistJoin = ZApplicantFields.extend({
  website: ZHoneypot,
  /** Card token from the payment form when WAITLIST_CHARGE > 0; the amount is the server's. */
  sourceId: z.string().trim().max(500).refine((v) => !v.includes('\u0000'), NUL_MESSAGE).optional(),
});
export type TWaitlistJoinInput = z.input<typeof ZWaitlistJoin>;
export type TWaitlistJoin = z.output<typeof ZWaitlistJoin>;

/** The public form's stricter rule (phone, valid e-mail, organization required): field -> message. */
export function missingPublicFields(values: Pick<TWaitlistJoin, 'phone' | 'email' | 'organization'>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.phone) errors.phone = 'Phone is required';
  if (!values.email) errors.email = 'Email is required';
  if (!values.organization) errors.organization = 'Organization is required';
  return errors;
}

/** The public dialog's form schema: the same fields, with the public's required ones. */
export const ZWaitlistJoinPublic = ZWaitlistJoin.superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(missingPublicFields(values))) ctx.addIssue({ code: 'custom', path: [path], message });
});

export const ZWaitlistJoined = z.object({
  message: z.string(),
  _id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** Dollars charged (0 when the payment step was skipped). */
  amount: z.number(),
});
export type TWaitlistJoined = z.infer<typeof ZWaitlistJoined>;

/** What the join dialog needs before it opens: the types, the charge, the fact sheet. */
export const ZWaitlistJoinInfo = z.object({
  propertyTypes: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** WAITLIST_CHARGE in dollars; 0 or less skips the payment ('Submit'). */
  charge: z.number(),
  factSheetUrl: z.string().nullable(),
  /** The caller is staff with the Waitlist module: phone, e-mail and organization are optional. */
  staffForm: z.boolean(),
  testMode: z.boolean(),
});
export type TWaitlistJoinInfo = z.infer<typeof ZWaitlistJoinInfo>;

/** Staff edit (spec doc 1 §5): propertyType, firstName, lastName, status required; e-mail valid if given. */
export const ZWaitlistApplicantUpdate = ZApplicantFields.extend({
  _id: z.string().uuid('Invalid Id'),
  status: z.enum(WAITLIST_STATUSES, { error: 'Status must be Unpaid, Paid or InProgress' }),
});
export type TWaitlistApplicantUpdateInput = z.input<typeof ZWaitlistApplicantUpdate>;
export type TWaitlistApplicantUpdate = z.output<typeof ZWaitlistApplicantUpdate>;

export const ZWaitlistAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  move: z.boolean(),
  createAccount: z.boolean(),
});

/** An applicant as the spec names it (doc 1 §3), with the server's Queue #. */
export const ZWaitlistApplicant = z.object({
  _id: z.string(),
  propertyType: z.string(),
  propertyTypeName: z.string(),
  aircrafttype: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  organization: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  createdAt: z.string(),
  queuePosition: z.number().int(),
  /** The company made by Create Account, once. */
  companyId: z.string().nullable(),
  abilities: ZWaitlistAbilities,
});
export type TWaitlistApplicant = z.infer<typeof ZWaitlistApplicant>;

/** A row of the type grid. `unreadMessages` comes from the chat module (0 when none). */
export const ZWaitlistGridRow = ZWaitlistApplicant.omit({ abilities: true, companyId: true }).extend({
  unreadMessages: z.number().int(),
});
export type TWaitlistGridRow = z.infer<typeof ZWaitlistGridRow>;

/** Sorts of the type grid; `queue` (join time, then id) is the default. */
export const WAITLIST_GRID_SORTS = ['queue', 'queuePosition', 'firstName', 'lastName', 'createdAt', 'phone', 'email', 'organization', 'status'] as const;

export const ZWaitlistGridQuery = ZListQuery.extend({
  status: z.enum(WAITLIST_STATUSES).optional(),
});
export type TWaitlistGridQuery = z.infer<typeof ZWaitlistGridQuery>;

/** `/waitList`: each property type with how many wait and how many joined this calendar week. */
export const ZWaitlistTypeSummary = z.object({
  _id: z.string(),
  name: z.string(),
  waiting: z.number().int(),
  joinedThisWeek: z.number().int(),
});
export type TWaitlistTypeSummary = z.infer<typeof ZWaitlistTypeSummary>;

/** Move to a place in the queue, with the reason kept in the audit log (PRODUCT-RULES 20). */
export const ZWaitlistMove = z.object({
  position: z.coerce.number({ error: 'Position must be a number' }).int('Position must be a whole number').min(1, 'Position must be at least 1'),
  reason: zRequiredText('Reason', 500),
});
export type TWaitlistMoveInput = z.input<typeof ZWaitlistMove>;

export const ZWaitlistCreateAccount = z.object({ _id: z.string().uuid('Invalid Id') });

export const ZWaitlistAccountCreated = z.object({ message: z.string(), companyId: z.string(), created: z.boolean() });

/** The applicant's private page (through the token of their e-mail). */
export const ZWaitlistPrivateStatus = z.object({
  applicantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  propertyTypeName: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  joinedAt: z.string(),
  position: z.number().int(),
  waiting: z.number().int(),
});
export type TWaitlistPrivateStatus = z.infer<typeof ZWaitlistPrivateStatus>;

export const ZWaitlistTokenParams = z.object({ token: z.string().trim().min(16, 'Invalid link').max(200, 'Invalid link') });
