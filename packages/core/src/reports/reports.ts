import { z } from 'zod';
import { zDateOnly } from '../agreements/agreement';
import type { TPeriodKind } from './periods';

/**
 * The Reports page (spec doc 1 §2, doc 2 §7 and §9): built-in report types, the invoice and
 * insurance report rows, and the interactive charts with their saved reports.
 */
export const REPORT_MESSAGES = {
  endBeforeBegin: 'End must be on or after Begin',
  endNotAfterStart: 'End Date must be after Start Date',
  saved: 'Report Saved',
  deleted: 'Report Deleted',
  notFound: 'Report not found',
  periodClosed: 'Invoices dated in a closed period cannot be changed.',
  closed: 'Period Closed',
  alreadyClosed: 'This period is already closed',
} as const;

/** Report grids page 10, 25 or 50 rows (PRODUCT-RULES 23). */
export const REPORT_PAGE_SIZES = [10, 25, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;

export type TInvoiceReportKind = 'Billing' | 'Collection';

export interface TReportType {
  key: string;
  label: string;
  group: 'invoices' | 'insurances' | 'receivables';
  kind?: TInvoiceReportKind;
  period?: TPeriodKind;
  /** Offered to airport staff only (a company reads its own insurance status on its agreement). */
  staffOnly?: boolean;
}

/** The spec's built-in reports, in its order, then the ones beyond the spec. */
export const REPORT_TYPES: readonly TReportType[] = [
  { key: 'monthly-billing', label: 'Monthly Billing', group: 'invoices', kind: 'Billing', period: 'month' },
  { key: 'quarterly-billing', label: 'Quarterly Billing', group: 'invoices', kind: 'Billing', period: 'quarter' },
  { key: 'yearly-billing', label: 'Yearly Billing', group: 'invoices', kind: 'Billing', period: 'year' },
  { key: 'monthly-collection', label: 'Monthly Collection', group: 'invoices', kind: 'Collection', period: 'month' },
  { key: 'quarterly-collection', label: 'Quarterly Collection', group: 'invoices', kind: 'Collection', period: 'quarter' },
  { key: 'yearly-collection', label: 'Yearly Collection', group: 'invoices', kind: 'Collection', period: 'year' },
  { key: 'expired-insurance', label: 'Expired Insurance', group: 'insurances' },
  { key: 'expiring-soon-insurance', label: 'Expiring Soon Insurance', group: 'insurances' },
  // issue 24: agreements by insurance compliance status
  { key: 'insurance-compliance', label: 'Insurance Compliance', group: 'insurances', staffOnly: true },
  { key: 'ar-aging', label: 'A/R Aging', group: 'receivables' },
  { key: 'rent-roll', label: 'Rent Roll', group: 'receivables' },
];

export const INVOICE_REPORT_KINDS = ['Billing', 'Collection'] as const;

/** `POST Reports/Invoices` (begin, end): inclusive airport dates. */
export const ZInvoiceReportQuery = z
  .object({
    begin: zDateOnly('Begin'),
    end: zDateOnly('End'),
    kind: z.enum(INVOICE_REPORT_KINDS, { error: 'Kind must be Billing or Collection' }).default('Billing'),
  })
  .refine((v) => v.end >= v.begin, { path: ['end'], message: REPORT_MESSAGES.endBeforeBegin });
export type TInvoiceReportQuery = z.infer<typeof ZInvoiceReportQuery>;

/**
 * One company's row (the spec's Invoice report row, per company): dollars with two decimals,
 * summed in integer cents by the database. Billing counts invoices dated in the period (not
 * cancelled); Collection counts payments received in the period (`amountPaid` only).
 */
export const ZInvoiceReportRow = z.object({
  companyId: z.string(),
  company: z.string(),
  invoices: z.number().int(),
  amountBilled: z.number(),
  amountPaid: z.number(),
  amountDue: z.number(),
  overDue: z.number(),
});
export type TInvoiceReportRow = z.infer<typeof ZInvoiceReportRow>;

export const ZInvoiceReport = z.object({
  kind: z.enum(INVOICE_REPORT_KINDS),
  begin: z.string(),
  end: z.string(),
  rows: z.array(ZInvoiceReportRow),
  totals: ZInvoiceReportRow.omit({ companyId: true, company: true }),
});
export type TInvoiceReport = z.infer<typeof ZInvoiceReport>;

export const INSURANCE_REPORTS = ['Expired', 'Expiring Soon'] as const;
export const ZInsuranceReportParams = z.object({ which: z.enum(INSURANCE_REPORTS, { error: 'Report must be Expired or Expiring Soon' }) });

/** The spec's Insurance report row (doc 1 §3); `company` is the company's id. */
export const ZInsuranceReportRow = z.object({
  _id: z.string(),
  companyName: z.string(),
  type: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  company: z.string(),
});
export type TInsuranceReportRow = z.infer<typeof ZInsuranceReportRow>;

/** Period pickers: computed on the server in the airport time zone. */
const ZPeriod = z.object({ kind: z.enum(['month', 'quarter', 'year']), year: z.number(), index: z.number(), label: z.string(), begin: z.string(), end: z.string() });
export const ZReportPeriods = z.object({
  today: z.string(),
  years: z.array(z.number()),
  currentMonth: ZPeriod,
  previousMonth: ZPeriod,
  currentQuarter: ZPeriod,
  previousQuarter: ZPeriod,
  currentYear: ZPeriod,
  previousYear: ZPeriod,
  expiringSoonDays: z.number(),
});
export type TReportPeriods = z.infer<typeof ZReportPeriods>;

/** A/R aging per company (beyond the spec): unpaid amounts by days past due at the airport's today. */
export const ZAgingRow = z.object({
  companyId: z.string(),
  company: z.string(),
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  total: z.number(),
});
export type TAgingRow = z.infer<typeof ZAgingRow>;
export const ZAgingReport = z.object({ asOf: z.string(), rows: z.array(ZAgingRow), totals: ZAgingRow.omit({ companyId: true, company: true }) });
export type TAgingReport = z.infer<typeof ZAgingReport>;

/** Rent roll (beyond the spec): every leased property with its tenant, rent and term. */
export const ZRentRollRow = z.object({
  _id: z.string(),
  property: z.string(),
  propertyId: z.string(),
  companyId: z.string(),
  company: z.string(),
  agreementId: z.string(),
  agreementNum: z.string(),
  rent: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  nextAdjustment: z.string().nullable(),
});
export type TRentRollRow = z.infer<typeof ZRentRollRow>;

/** Period close and the general-ledger export (beyond the spec). */
export const ZPeriodClose = z.object({ through: zDateOnly('Close Through') });
export const ZPeriodCloseState = z.object({ closedThrough: z.string().nullable() });
export const ZLedgerQuery = z
  .object({ begin: zDateOnly('Begin'), end: zDateOnly('End') })
  .refine((v) => v.end >= v.begin, { path: ['end'], message: REPORT_MESSAGES.endBeforeBegin });

/** Ledger accounts of the journal lines an accounting package imports. */
export const GL_ACCOUNTS = {
  receivable: 'Accounts Receivable',
  revenue: 'Lease and Service Revenue',
  cash: 'Cash',
  checks: 'Cash - Checks',
  card: 'Card Clearing',
  balance: 'Customer Prepaid Balances',
} as const;
export const LEDGER_NOT_CLOSED = 'Close the period before exporting its general ledger';
