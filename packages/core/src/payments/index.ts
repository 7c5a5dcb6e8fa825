import { z } from 'zod';
import { zRequiredText } from '../common/text';
import { zDateOnly } from '../agreements/agreement';

/** Payments and receipts: spec doc 2 §7 Payment, §9; PRODUCT-RULES 3-5. */
export const PAYMENT_KINDS = ['card', 'cash', 'check', 'balance'] as const;
export type TPaymentKind = (typeof PAYMENT_KINDS)[number];

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const PAYMENT_MESSAGES = {
  successful: 'Payment Successful',
  /** A paid invoice in the non-editor (pay link) view. */
  success: 'Payment Success.',
  selectLine: 'Select at least one unpaid line.',
  lineNotPayable: 'A selected line is already paid or not on this invoice.',
  cancelled: 'A cancelled invoice cannot be paid.',
  idempotencyRequired: 'An Idempotency-Key header is required.',
  idempotencyReused: 'This Idempotency-Key was used for another payment.',
  declined: 'The card was declined.',
  providerError: 'The payment could not be processed. Try again.',
  linkInvalid: 'This payment link is not valid or has expired.',
  receiptNotFound: 'Receipt not found.',
} as const;

/**
 * The built-in test provider's card numbers (test mode only). The page sends
 * `test:<number>` as the source token; spaces are ignored.
 */
export const TEST_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  transientError: '4000000000000119',
} as const;

const ZLineIds = z
  .array(z.string().uuid('Invalid Id'), { error: PAYMENT_MESSAGES.selectLine })
  .min(1, PAYMENT_MESSAGES.selectLine)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, 'A line is selected twice');

/** Pay Online: the selected lines and the card source; the amount is the server's figure. */
export const ZPayOnline = z.object({
  lineIds: ZLineIds,
  sourceToken: zRequiredText('Card', 500),
});
export type TPayOnline = z.infer<typeof ZPayOnline>;

/**
 * The labels of the Manual Payment dialog's three fields: Cash (accountType true) or Check.
 * Errors name the field as the dialog labels it ('Comments is required', not 'Confirmation').
 */
export const MANUAL_PAYMENT_LABELS = {
  cash: { accountName: 'Paid By', accountDetails: 'Cash Details', confirmation: 'Comments' },
  check: { accountName: 'Account Name', accountDetails: 'Account Number', confirmation: 'Routing Number' },
} as const;

const zManualText = z.string().trim().max(200, 'Must be at most 200 characters').optional().default('');

/**
 * Manual Payment dialog (Invoices admins). accountType true = Cash: accountName is Paid By,
 * accountDetails Cash Details, confirmation Comments. false = Check: accountName is Account Name,
 * accountDetails the Account Number (stored masked: last 4 digits) and confirmation the Routing
 * Number.
 */
export const ZManualPayment = z
  .object({
    lineIds: ZLineIds,
    accountType: z.boolean({ error: 'Cash or Check is required' }),
    accountName: zManualText,
    accountDetails: zManualText,
    confirmation: zManualText,
    paymentDate: zDateOnly('Payment Date'),
  })
  .superRefine((v, ctx) => {
    const labels = v.accountType ? MANUAL_PAYMENT_LABELS.cash : MANUAL_PAYMENT_LABELS.check;
    for (const field of ['accountName', 'accountDetails', 'confirmation'] as const) {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${labels[field]} is required` });
    }
    if (v.accountType) return;
    if (v.accountDetails && !/^\d{4,17}$/.test(v.accountDetails)) ctx.addIssue({ code: 'custom', path: ['accountDetails'], message: 'Account Number must be 4 to 17 digits' });
    if (v.confirmation && !/^\d{9}$/.test(v.confirmation)) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'Routing Number must be 9 digits' });
  });
export type TManualPayment = z.infer<typeof ZManualPayment>;

/** `****6789`: only the last four digits of an account number are ever stored (PRODUCT-RULES 5). */
export function maskAccountNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `****${digits.slice(-4)}`;
}

export const ZReceipt = z.object({
  _id: z.string(),
  receiptNumber: z.number(),
  invoiceId: z.string(),
  invoiceNumber: z.number(),
  tenantId: z.string(),
  tenantName: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_KINDS),
  reference: z.string().nullable(),
  accountName: z.string().nullable(),
  /** Masked (`****6789`) for checks. */
  accountNumber: z.string().nullable(),
  details: z.string().nullable(),
  paymentDate: z.string(),
  createdAt: z.string(),
  lineItems: z.array(z.object({ _id: z.string(), name: z.string(), description: z.string(), charges: z.number(), amount: z.number(), total: z.number() })),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZPaymentResult = z.object({ message: z.string(), receipt: ZReceipt });
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

export const ZPayLink = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
