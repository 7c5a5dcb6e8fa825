import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { ZEmail, zOneLineText, zOptionalText, zRequiredText } from '../common/text';
import { MAX_PRICE_CENTS, zDollars } from '../money';
import { ZOptionalDate, zDateOnly } from '../agreements/agreement';

/** Invoices: spec doc 1 §2 Invoices, §3 Invoice and line item; doc 2 §4-§7; PRODUCT-RULES 1-3. */
export const INVOICE_STATUSES = ['Created', 'Overdue', 'Paid', 'Cancelled'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What put a line on the invoice: a staff member, the agreement's rent, or the overdue job. */
export const LINE_ITEM_KINDS = ['manual', 'rent', 'late_fee'] as const;
export type TLineItemKind = (typeof LINE_ITEM_KINDS)[number];

/** The receipt text of lines paid from a company balance (spec doc 2 §4). */
export const PAID_BY_BALANCE = 'PAID BY BALANCE';

/** Whole quantities 1..MAX_LINE_QUANTITY (PRODUCT-RULES 2). */
export const MAX_LINE_QUANTITY = 100_000;

export const INVOICE_MESSAGES = {
  created: 'Created Invoice Successfully',
  createdFromAgreement: 'Created Successfully',
  notFound: 'No Invoice Found.',
  added: 'Added Successfully',
  updated: 'Updated Successfully',
  removed: 'Removed Successfully',
  cancelled: 'Invoice Cancelled',
  commented: 'Updated Successfully',
  emailSent: 'Email Sent',
  paidLineLocked: 'A paid line cannot be changed.',
  cancelPaid: 'An invoice with a paid line cannot be cancelled.',
  alreadyCancelled: 'The invoice is already cancelled.',
  cancelledLocked: 'A cancelled invoice cannot be changed.',
  lineNotFound: 'Line item not found.',
  noAgreementLines: 'No rent to invoice for this period.',
  periodInvoiced: 'An invoice for this agreement and period already exists.',
} as const;

// ---- Create, edit -----------------------------------------------------------------------------

/** Create Invoice dialog and `POST Invoices`: Name, Description, Due Date, Company (tenantId). */
export const ZInvoiceCreate = z.object({
  name: zRequiredText('Name', 200),
  description: zRequiredText('Description', 2000),
  dueDate: zDateOnly('Due Date'),
  tenantId: z.string({ error: 'Company is required' }).uuid('Company is required'),
});
export type TInvoiceCreate = z.infer<typeof ZInvoiceCreate>;

/** Invoice Items dialog (add and edit): charges are dollars (unit price), amount a whole quantity. */
export const ZLineItemInput = z.object({
  name: zRequiredText('Name', 200),
  description: zRequiredText('Description', 2000),
  charges: zDollars({ positive: true, maxCents: MAX_PRICE_CENTS }),
  amount: z
    .number({ error: 'Amount is required' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(MAX_LINE_QUANTITY, `Must be at most ${MAX_LINE_QUANTITY}`),
});
export type TLineItemInput = z.infer<typeof ZLineItemInput>;

export const ZLineItemUpdate = ZLineItemInput.extend({ uid: z.string().uuid('Invalid Id') });
export type TLineItemUpdate = z.infer<typeof ZLineItemUpdate>;

export const ZLineParams = z.object({ id: z.string().uuid('Invalid Id'), uid: z.string().uuid('Invalid Id') });

export const ZInvoiceComments = z.object({ comments: zOptionalText(4000) });

/** Email copy dialog: subject and a valid e-mail; the server renders the PDF. */
export const ZInvoiceEmail = z.object({ subject: zOneLineText('Subject', 200), email: ZEmail });
export type TInvoiceEmail = z.infer<typeof ZInvoiceEmail>;

/** Create Invoice from an agreement: start and end date required, end on or after start. */
export const ZAgreementInvoiceCreate = z
  .object({ startDate: zDateOnly('Start Date'), endDate: zDateOnly('End Date') })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'End Date must be on or after Start Date' });
export type TAgreementInvoiceCreate = z.infer<typeof ZAgreementInvoiceCreate>;

// ---- Read -------------------------------------------------------------------------------------

export const INVOICE_SORT_FIELDS = ['invoiceNumber', 'name', 'invoiceDate', 'dueDate', 'paymentDate', 'status', 'amountDue', 'amountTotal', 'amountPaid', 'tenantName'] as const;

/** Grid query: paging and sort, plus filters by status, company and dates (on the due date and invoice date). */
export const ZInvoiceGridQuery = ZListQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  tenantId: z.string().uuid('Invalid Id').optional(),
  dueFrom: ZOptionalDate,
  dueTo: ZOptionalDate,
  invoiceFrom: ZOptionalDate,
  invoiceTo: ZOptionalDate,
});
export type TInvoiceGridQuery = z.infer<typeof ZInvoiceGridQuery>;

export const ZInvoiceGridRow = z.object({
  _id: z.string(),
  name: z.string(),
  invoiceNumber: z.number(),
  tenantId: z.string(),
  tenantName: z.string(),
  invoiceDate: z.string(),
  paymentDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  amountDue: z.number(),
  amountTotal: z.number(),
  amountPaid: z.number(),
});
export type TInvoiceGridRow = z.infer<typeof ZInvoiceGridRow>;

export const ZLineItem = z.object({
  _id: z.string(),
  /** The spec's line key; the same value as `_id`. */
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  /** Unit amount in dollars. */
  charges: z.number(),
  /** Quantity. */
  amount: z.number(),
  total: z.number(),
  kind: z.enum(LINE_ITEM_KINDS),
  /** Set when paid: the receipt's id, or 'PAID BY BALANCE'. */
  receiptId: z.string().nullable(),
  isPaid: z.boolean(),
});
export type TLineItem = z.infer<typeof ZLineItem>;

export const ZInvoiceAbilities = z.object({
  addLine: z.boolean(),
  editLines: z.boolean(),
  cancel: z.boolean(),
  comment: z.boolean(),
  email: z.boolean(),
  payOnline: z.boolean(),
  /** Pay the selected lines from the company's balance (the page checks the balance covers them). */
  payFromBalance: z.boolean(),
  manualPayment: z.boolean(),
  payLink: z.boolean(),
});

export const ZInvoice = ZInvoiceGridRow.extend({
  description: z.string(),
  comments: z.string(),
  agreementId: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The old system's number of an imported invoice (issue 23), beside Apron's `invoiceNumber`. */
  originalNumber: z.string().nullable().optional(),
  lineItems: z.array(ZLineItem),
  abilities: ZInvoiceAbilities,
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceCreated = z.object({ message: z.string(), _id: z.string(), invoice: ZInvoice });
