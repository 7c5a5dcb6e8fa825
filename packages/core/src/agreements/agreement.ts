import { z } from 'zod';
import { daysBetween } from '../dates';
import { ZListQuery } from '../common/list';
import { zOptionalText, zRequiredText } from '../common/text';
import { isCalendarDate } from '../properties/master-data';

/** Lease agreements: spec doc 1 §2 Agreements, §3 Agreement, §4, §5. */
export const AGREEMENT_STATUSES = ['Active', 'Archived', 'Expiring Soon', 'Expired'] as const;
export type TAgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const AGREEMENT_MESSAGES = {
  updated: 'Updated Successfully',
  created: 'Created Successfully',
  added: 'Added Successfully',
  alreadyLeased: 'Property already leased for the period.',
  duplicateNumber: 'An agreement with this number already exists.',
  ownerNotActive: 'Owner must be an Active company.',
  archived: 'An Archived agreement cannot be changed.',
  /** A property under a current lease is never Inactive (PRODUCT-RULES 31). */
  propertyInactive: 'An Inactive property cannot be leased: make it Active first.',
  endDateRequired: 'End Date is required',
  endBeforeStart: 'End Date must be on or after Start Date',
  renewalEndRequired: 'Renewal term end is required when the renewal is reasonably certain',
  renewalEndBeforeEnd: 'Renewal term end must be after End Date',
  rateRange: 'Discount rate must be from 0 to 100 (percent)',
} as const;

/** `YYYY-MM-DD` (required). */
export function zDateOnly(label: string) {
  return z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).refine(isCalendarDate, `${label} must be a valid date`);
}

/** `YYYY-MM-DD`, or empty/absent for none (an empty form input maps to null). */
export const ZOptionalDate = z
  .union([z.literal(''), z.string().refine(isCalendarDate, 'Must be a valid date')])
  .nullish()
  .transform((v) => (v ? v : null));

const zUuid = (label: string) => z.string({ error: `${label} is required` }).uuid(`${label} is required`);

/**
 * Create and edit body, for the form (zodResolver) and `POST Agreements` / `PUT Agreements/{id}`.
 * End Date is only shown, and required, when Renewable is set; without Renewable it is dropped
 * (an open-ended lease). The server derives Active / Expiring Soon / Expired from the dates when
 * it saves; only Archived is kept as chosen (see `deriveAgreementStatus`).
 */
export const ZAgreementFields = z.object({
  title: zRequiredText('Agreement Title', 200),
  agreementNum: zRequiredText('Agreement Number', 60),
  description: zRequiredText('Description', 4000),
  status: z.enum(AGREEMENT_STATUSES, { error: 'Status is required' }),
  startDate: zDateOnly('Start Date'),
  endDate: ZOptionalDate,
  renewable: z.boolean({ error: 'Renewable is required' }),
  leaseTerms: zOptionalText(4000),
  tenantId: zUuid('Owner'),
  invoiceCycleId: zUuid('Invoice Cycle'),
  /** A payment type's id (its skuType is CPI, Flat or Percent). */
  rentAdjustmentType: zUuid('Rent Adjustment Type'),
  adjustmentDate: ZOptionalDate,
  adjustmentFreq: z
    .union([z.literal(''), z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more').max(1200, 'Must be at most 1200')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  // GASB 87 inputs (docs/gasb87.md). Optional: a call that leaves them out keeps what is stored.
  /** The renewal option is reasonably certain to be exercised: the lease term runs to `gasbRenewalEnd`. */
  gasbRenewalCertain: z.boolean({ error: 'Must be true or false' }).optional(),
  gasbRenewalEnd: z.union([z.literal(''), z.string().refine(isCalendarDate, 'Must be a valid date')]).nullish(),
  /** Annual discount rate in percent for this lease (empty: the airport's rate). */
  gasbDiscountRate: z
    .union([z.literal(''), z.number({ error: 'Must be a number' }).min(0, AGREEMENT_MESSAGES.rateRange).max(100, AGREEMENT_MESSAGES.rateRange)])
    .nullish(),
  /** A regulated aviation lease (GASB 87 paragraphs 42-43): disclosure only. */
  gasbRegulated: z.boolean({ error: 'Must be true or false' }).optional(),
  /** When a change of term or rent takes effect for remeasurement (default: today). Not stored. */
  gasbModificationDate: z.union([z.literal(''), z.string().refine(isCalendarDate, 'Must be a valid date')]).nullish(),
});

/** The form's fields (above) with the rules between them; the import's row schema picks from the fields too. */
export const ZAgreementInput = ZAgreementFields.superRefine((v, ctx) => {
  if (v.renewable && !v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endDateRequired });
  if (v.renewable && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
  if (v.gasbRenewalCertain && !v.gasbRenewalEnd) ctx.addIssue({ code: 'custom', path: ['gasbRenewalEnd'], message: AGREEMENT_MESSAGES.renewalEndRequired });
  const end = v.renewable ? v.endDate : null;
  if (v.gasbRenewalEnd && v.gasbRenewalEnd <= (end ?? v.startDate)) ctx.addIssue({ code: 'custom', path: ['gasbRenewalEnd'], message: AGREEMENT_MESSAGES.renewalEndBeforeEnd });
}).transform((v) => ({
  ...v,
  endDate: v.renewable ? v.endDate : null,
  gasbRenewalEnd: v.gasbRenewalEnd === '' ? null : v.gasbRenewalEnd,
  gasbDiscountRate: v.gasbDiscountRate === '' ? null : v.gasbDiscountRate,
  gasbModificationDate: v.gasbModificationDate ? v.gasbModificationDate : null,
}));
export type TAgreementInput = z.input<typeof ZAgreementInput>;
export type TAgreementValues = z.output<typeof ZAgreementInput>;

export const ZAgreementAbilities = z.object({
  /** Save the form (Lease admins, unless Archived). */
  edit: z.boolean(),
  addProperty: z.boolean(),
  /** Remove a property (Property admins, unless Archived). */
  removeProperty: z.boolean(),
  editDeposit: z.boolean(),
  editInsurance: z.boolean(),
  approveInsurance: z.boolean(),
  editAircraft: z.boolean(),
});
export type TAgreementAbilities = z.infer<typeof ZAgreementAbilities>;

export const ZAgreement = z.object({
  _id: z.string(),
  title: z.string(),
  agreementNum: z.string(),
  description: z.string(),
  status: z.enum(AGREEMENT_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  renewable: z.boolean(),
  leaseTerms: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  invoiceCycleId: z.string(),
  invoiceCycleName: z.string(),
  rentAdjustmentType: z.string(),
  rentAdjustmentTypeName: z.string(),
  rentAdjustmentSkuType: z.string(),
  adjustmentDate: z.string().nullable(),
  adjustmentFreq: z.number().nullable(),
  gasbRenewalCertain: z.boolean(),
  gasbRenewalEnd: z.string().nullable(),
  gasbDiscountRate: z.number().nullable(),
  gasbRegulated: z.boolean(),
  abilities: ZAgreementAbilities,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAgreement = z.infer<typeof ZAgreement>;

/** `/agreements` and `/companies/{id}/agreements` rows. */
export const ZAgreementGridRow = z.object({
  _id: z.string(),
  title: z.string(),
  agreementNum: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  tenantId: z.string(),
  tenantName: z.string(),
});
export type TAgreementGridRow = z.infer<typeof ZAgreementGridRow>;

export const AGREEMENT_GRID_SORTS = ['title', 'agreementNum', 'startDate', 'endDate', 'status', 'tenantName', 'createdAt'] as const;

export const ZAgreementGridQuery = ZListQuery.extend({
  status: z.enum(AGREEMENT_STATUSES).optional(),
  tenantId: z.string().uuid('Invalid Id').optional(),
});
export type TAgreementGridQuery = z.infer<typeof ZAgreementGridQuery>;

export const ZAgreementsByIds = z.object({
  ids: z.array(z.string().uuid('Invalid Id')).min(1, 'Choose at least one agreement').max(1000),
});

/**
 * The status an agreement should have today. Archived is only ever set by hand and stays;
 * otherwise Expired after the end date, Expiring Soon when the end date is within the window
 * (System Settings EXPIRY_WINDOW_DAYS), else Active. No end date: never expires.
 */
export function deriveAgreementStatus(current: TAgreementStatus, endDate: string | null, today: string, windowDays: number): TAgreementStatus {
  if (current === 'Archived') return 'Archived';
  if (!endDate) return 'Active';
  const left = daysBetween(today, endDate);
  if (left < 0) return 'Expired';
  if (left <= windowDays) return 'Expiring Soon';
  return 'Active';
}
