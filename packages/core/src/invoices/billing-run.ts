import { z } from 'zod';
import { ZId } from '../common/list';
import { zRequiredText } from '../common/text';
import { ZOptionalDate, zDateOnly } from '../agreements/agreement';

/**
 * The billing run of an invoice cycle, previewed (issue 24, docs/billing.md "Billing run preview"):
 * what the cycle's run will invoice for a period, per company, with the change from the period
 * before; holds of one company for one period; a run started by hand and its progress.
 */
export const BILLING_CHANGE_KINDS = ['new', 'ended', 'escalated'] as const;
export type TBillingChangeKind = (typeof BILLING_CHANGE_KINDS)[number];
export const BILLING_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TBillingRunStatus = (typeof BILLING_RUN_STATUSES)[number];

/** Companies per page of the preview (the totals are over all of them). */
export const BILLING_PREVIEW_PAGE_SIZES = [5, 10, 15, 20] as const;
export const BILLING_HOLD_REASON_MAX = 500;

export const ZCycleParams = z.object({ cycleId: ZId });
export const ZRunParams = z.object({ runId: ZId });
export const ZHoldParams = z.object({ cycleId: ZId, companyId: ZId });

/** `?period=` any date inside the period (YYYY-MM-DD); absent = the period after today's (the next scheduled run). */
export const ZBillingPreviewQuery = z.object({
  period: ZOptionalDate,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type TBillingPreviewQuery = z.infer<typeof ZBillingPreviewQuery>;

export const ZBillingPeriodQuery = z.object({ period: zDateOnly('Period') });

export const ZBillingRunStart = z.object({ period: zDateOnly('Period') });
export type TBillingRunStart = z.infer<typeof ZBillingRunStart>;

export const ZBillingHoldCreate = z.object({
  companyId: z.string({ error: 'Company is required' }).uuid('Company is required'),
  period: zDateOnly('Period'),
  reason: zRequiredText('Reason', BILLING_HOLD_REASON_MAX),
});
export type TBillingHoldCreate = z.infer<typeof ZBillingHoldCreate>;

const ZPeriod = z.object({ from: z.string(), to: z.string() });

export const ZBillingHold = z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() });
export type TBillingHold = z.infer<typeof ZBillingHold>;

export const ZBillingLine = z.object({ agreementNum: z.string(), propertyName: z.string(), description: z.string(), amount: z.number() });
export const ZBillingChange = z.object({ kind: z.enum(BILLING_CHANGE_KINDS), agreementNum: z.string(), propertyName: z.string(), detail: z.string() });
export type TBillingChange = z.infer<typeof ZBillingChange>;

export const ZBillingCompany = z.object({
  companyId: z.string(),
  companyName: z.string(),
  held: ZBillingHold.nullable(),
  lines: z.array(ZBillingLine),
  total: z.number(),
  lastPeriodTotal: z.number(),
  changes: z.array(ZBillingChange),
});
export type TBillingCompany = z.infer<typeof ZBillingCompany>;

export const ZBillingPreview = z.object({
  cycleId: z.string(),
  cycleName: z.string(),
  period: ZPeriod,
  /** The day the scheduled run bills this period (its first day, from 01:00 airport time). */
  scheduledFor: z.string(),
  companies: z.array(ZBillingCompany),
  /** What the run will bill: every company's lines but the held ones'. */
  total: z.number(),
  /** What the held companies' lines come to (not billed this period). */
  heldTotal: z.number(),
  lastPeriodTotal: z.number(),
  /** Companies with something to bill (all pages), and those of them the run will bill (not held). */
  companyCount: z.number().int(),
  billedCompanyCount: z.number().int(),
  invoiceCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Invoices of this cycle already exist for the period (a run, scheduled or by hand, has billed it). */
  alreadyRun: z.boolean(),
});
export type TBillingPreview = z.infer<typeof ZBillingPreview>;

export const ZBillingRunStarted = z.object({ runId: z.string() });
export const ZBillingRun = z.object({
  runId: z.string(),
  cycleId: z.string(),
  period: ZPeriod,
  status: z.enum(BILLING_RUN_STATUSES),
  /** Agreements billed (or skipped as billed meanwhile) of `total`; `created` invoices made. */
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  error: z.string().nullable(),
});
export type TBillingRun = z.infer<typeof ZBillingRun>;

export const ZBillingHoldCreated = z.object({ companyId: z.string(), period: ZPeriod, held: ZBillingHold });
