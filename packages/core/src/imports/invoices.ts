import { z } from 'zod';
import { zOptionalText, zRequiredText } from '../common/text';
import { zDollars } from '../money';
import { zDateOnly } from '../agreements/agreement';
import { ZInvoiceCreate, ZLineItemInput } from '../invoices/invoice';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * Import kind `invoices`: open historical invoices with their lines and the payments received.
 * One row per invoice line (row key `externalId` + `line`); the invoice's columns are repeated on
 * each of its lines and must agree. Amounts come from the lines (charges x quantity); the total
 * columns, when given, are only checked. A payment is received per line: `amountPaid` on a line is
 * empty/0 (unpaid) or exactly the line's total (a line is paid when it has a receipt - a partly
 * paid line has no place in the ledger: split it into a paid and an unpaid line). The paid lines
 * of an invoice with the same date, method and reference make one payment (one receipt).
 */
export const INVOICE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { ...EXTERNAL_ID_COLUMN, example: 'INV-2024-0042', aliases: [...(EXTERNAL_ID_COLUMN.aliases ?? []), 'invoice id', 'invoice external id'] },
  { key: 'line', label: 'Line', type: 'text', required: true, example: '1', aliases: ['line no', 'line number', 'line id', 'item no', 'seq', 'sequence'], help: "The line's key within its invoice (1, 2, 3 ...)." },
  { key: 'company', label: 'Company', type: 'text', required: true, example: 'Sierra Skies Aviation', aliases: ['company name', 'tenant', 'tenant name', 'customer', 'customer name', 'bill to', 'owner'], help: "The company's name in Apron, or its external id." },
  { key: 'agreement', label: 'Agreement', type: 'text', example: '', aliases: ['agreement number', 'agreement no', 'lease', 'lease number', 'contract'], help: "Optional: the agreement's number (or external id); it must be the company's." },
  { key: 'invoiceNumber', label: 'Original invoice number', type: 'text', example: '20240042', aliases: ['invoice number', 'invoice no', 'inv no', 'number', 'old number', 'original number'], help: "The old system's number, kept beside the new number Apron gives." },
  { key: 'name', label: 'Invoice name', type: 'text', example: 'Hangar rent March 2024', aliases: ['invoice name', 'title', 'subject'], help: "'Invoice <original number or external id>' when empty." },
  { key: 'description', label: 'Invoice description', type: 'text', example: 'Imported from the old system', aliases: ['invoice description', 'memo'] },
  { key: 'invoiceDate', label: 'Invoice date', type: 'date', required: true, example: '2024-03-01', aliases: ['date', 'invoice date', 'issued', 'issue date', 'bill date'] },
  { key: 'dueDate', label: 'Due date', type: 'date', required: true, example: '2024-03-31', aliases: ['due', 'due on', 'payment due'] },
  { key: 'lineName', label: 'Line name', type: 'text', required: true, example: 'Hangar rent', aliases: ['item', 'item name', 'charge', 'line item', 'product', 'service'] },
  { key: 'lineDescription', label: 'Line description', type: 'text', example: 'March 2024', aliases: ['item description', 'line memo', 'details'] },
  { key: 'charges', label: 'Unit price', type: 'money', required: true, example: '450.00', aliases: ['price', 'unit price', 'rate', 'charge amount', 'unit cost'], help: 'Dollars per unit; the line total is unit price x quantity.' },
  { key: 'quantity', label: 'Quantity', type: 'integer', example: '1', aliases: ['qty', 'units', 'amount'], help: 'A whole number, 1 when empty.' },
  { key: 'lineTotal', label: 'Line total (check)', type: 'money', example: '450.00', aliases: ['line total', 'extended', 'extended price', 'line amount'], help: 'Optional: refused when it differs from unit price x quantity.' },
  { key: 'invoiceTotal', label: 'Invoice total (check)', type: 'money', example: '450.00', aliases: ['invoice total', 'total', 'invoice amount'], help: "Optional: refused when it differs from the sum of the invoice's lines." },
  { key: 'amountPaid', label: 'Amount paid on the line', type: 'money', example: '450.00', aliases: ['paid', 'amount paid', 'payment', 'payment amount', 'amount received'], help: "Empty or 0: unpaid; else exactly the line's total." },
  { key: 'paidOn', label: 'Paid on', type: 'date', example: '2024-03-15', aliases: ['payment date', 'date paid', 'paid date', 'received on'] },
  { key: 'paymentMethod', label: 'Payment method', type: 'text', example: 'Check', aliases: ['method', 'payment type', 'paid by', 'tender'], help: 'Cash, Check, Card, or Balance (paid from the company balance: its Debit is written) - Cash when empty.' },
  { key: 'paymentReference', label: 'Payment reference', type: 'text', example: 'Check 1042', aliases: ['check number', 'check no', 'confirmation', 'payment ref'] },
];

/** How a line was paid in the old system; 'balance' = from the company's balance (a Debit is written, as pay from balance does). */
export const IMPORT_PAYMENT_METHODS = ['cash', 'check', 'card', 'balance'] as const;
export type TImportPaymentMethod = (typeof IMPORT_PAYMENT_METHODS)[number];

const methodOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/^cheque$/, 'check').replace(/^credit card$/, 'card') : value);

/**
 * One line of an invoices file: the invoice's fields as `POST Invoices` takes them (name,
 * description, due date) with the invoice date it had, and the line as the Invoice Items dialog
 * takes it (`ZLineItemInput`: charges, quantity), plus what was received for the line.
 */
export const ZInvoiceImportRow = z
  .object({
    externalId: zRequiredText('External id', 200),
    line: zRequiredText('Line', 50),
    company: zRequiredText('Company', 200),
    agreement: z.string().trim().max(200).optional(),
    invoiceNumber: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
    name: ZInvoiceCreate.shape.name.optional(),
    description: zOptionalText(2000),
    invoiceDate: zDateOnly('Invoice Date'),
    dueDate: ZInvoiceCreate.shape.dueDate,
    lineName: zRequiredText('Line name', 200),
    lineDescription: zOptionalText(2000),
    charges: ZLineItemInput.shape.charges,
    quantity: ZLineItemInput.shape.amount.default(1),
    lineTotal: zDollars().optional(),
    invoiceTotal: zDollars().optional(),
    amountPaid: zDollars({ min: 0 }).optional(),
    paidOn: zDateOnly('Paid On').optional(),
    paymentMethod: z.preprocess(methodOf, z.enum(IMPORT_PAYMENT_METHODS, { error: 'Payment method must be Cash, Check, Card or Balance' }).default('cash')),
    paymentReference: zOptionalText(200),
  })
  .superRefine((row, ctx) => {
    if (row.dueDate < row.invoiceDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due Date must be on or after the Invoice Date' });
    const paid = (row.amountPaid ?? 0) > 0;
    if (paid && !row.paidOn) ctx.addIssue({ code: 'custom', path: ['paidOn'], message: 'Paid On is required when an amount was paid' });
    if (!paid && row.paidOn) ctx.addIssue({ code: 'custom', path: ['amountPaid'], message: 'Amount paid is required when Paid On is given' });
  });
export type TInvoiceImportRow = z.output<typeof ZInvoiceImportRow>;
