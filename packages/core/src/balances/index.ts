import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { zRequiredText } from '../common/text';
import { zDollars } from '../money';
import { zDateOnly } from '../agreements/agreement';
import { ZLineItem } from '../invoices/invoice';

/** Company balances: spec doc 1 §2 Companies (balances), §3 Balance record; PRODUCT-RULES 5-7. */
export const BALANCE_TYPES = ['Credit', 'Debit'] as const;
export type TBalanceType = (typeof BALANCE_TYPES)[number];

export const BALANCE_MESSAGES = {
  added: 'Added Successfully',
  insufficientFunds: 'InSufficient Funds',
  paid: 'Payment Successful',
  mixedCompanies: 'Select lines of one company.',
  lineNotPayable: 'A selected line is already paid or not on that invoice.',
} as const;

/** How a balance record was paid (spec doc 1: Paid By Cash or Check). */
export const BALANCE_PAID_BY = ['Cash', 'Check'] as const;
export type TBalancePaidBy = (typeof BALANCE_PAID_BY)[number];

const balanceRecordBase = {
  tenantId: z.string({ error: 'Company is required' }).uuid('Company is required'),
  amount: zDollars({ positive: true }),
  type: z.enum(BALANCE_TYPES, { error: 'Type is required' }),
  dateApplied: zDateOnly('Date Applied'),
};

/**
 * Add Record dialog and `POST Company/Balances` (Company admins). Paid By Check asks the account
 * and routing numbers (the account number is stored masked, PRODUCT-RULES 5); Paid By Cash asks a
 * comment and no bank numbers. A body without `paidBy` is a check (the spec's original shape).
 */
export const ZBalanceRecordByKind = z.discriminatedUnion(
  'paidBy',
  [
    z.object({
      ...balanceRecordBase,
      paidBy: z.literal('Check'),
      accountNum: zRequiredText('Account Number', 40).regex(/^\d+$/, 'Account Number must be digits'),
      routingNum: zRequiredText('Routing Number', 40).regex(/^\d+$/, 'Routing Number must be digits'),
    }),
    z.object({ ...balanceRecordBase, paidBy: z.literal('Cash'), comment: zRequiredText('Comment', 500) }),
  ],
  { error: 'Paid By must be Cash or Check' },
);
export const ZBalanceRecordCreate = z.preprocess(
  (body) => (typeof body === 'object' && body !== null && !('paidBy' in body) ? { ...body, paidBy: 'Check' } : body),
  ZBalanceRecordByKind,
);
export type TBalanceRecordCreate = z.output<typeof ZBalanceRecordCreate>;
/** The Add Record form's values (it always says how the record was paid). */
export type TBalanceRecordCreateInput = z.input<typeof ZBalanceRecordByKind>;

export const ZBalanceRecord = z.object({
  _id: z.string(),
  tenantId: z.string(),
  /** Masked: `****6789`. */
  accountNum: z.string(),
  routingNum: z.string(),
  amount: z.number(),
  type: z.enum(BALANCE_TYPES),
  dateApplied: z.string(),
  /** What the record paid ('Invoice #12, #13') for debits written by pay-from-balance. */
  reference: z.string().nullable(),
  /** The balance after this record (records in date order). */
  runningBalance: z.number(),
  createdAt: z.string(),
});
export type TBalanceRecord = z.infer<typeof ZBalanceRecord>;

export const ZBalanceQuery = ZListQuery;

export const ZBalances = z.object({ balance: z.number(), records: z.array(ZBalanceRecord) });
export type TBalances = z.infer<typeof ZBalances>;

/** `GET Company/UnpaidBalance/{companyId}`: invoices with their unpaid lines. */
export const ZUnpaidInvoice = z.object({
  _id: z.string(),
  name: z.string(),
  invoiceNumber: z.number(),
  dueDate: z.string().nullable(),
  status: z.string(),
  amountDue: z.number(),
  lineItems: z.array(ZLineItem),
});
export const ZUnpaidBalance = z.object({ balance: z.number(), invoices: z.array(ZUnpaidInvoice) });

/**
 * `POST Company/UpdateInvoiceItems`: the spec's shape, invoice id -> the line ids to pay from the
 * balance. The server decides the amount and marks the lines 'PAID BY BALANCE'.
 */
export const ZPayFromBalance = z
  .record(z.string().uuid('Invalid Id'), z.array(z.string().uuid('Invalid Id')).min(1, 'Select at least one line'))
  .refine((v) => Object.keys(v).length > 0, 'Select at least one line')
  .refine((v) => Object.keys(v).length <= 200, 'Too many invoices at once');
export type TPayFromBalance = z.infer<typeof ZPayFromBalance>;

export const ZPayFromBalanceResult = z.object({ message: z.string(), balance: z.number(), paid: z.number() });
export type TPayFromBalanceResult = z.infer<typeof ZPayFromBalanceResult>;
