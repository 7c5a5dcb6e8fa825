import { z } from 'zod';
import { zOptionalText, zRequiredText } from '../common/text';
import { zDollars } from '../money';
import { zDateOnly } from '../agreements/agreement';
import { BALANCE_PAID_BY, BALANCE_TYPES } from '../balances/index';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * Import kind `balances`: opening balance credits, one row per record of a company's ledger. Each
 * row becomes the record that Add Record (`POST Company/Balances`) writes: the same record, so the
 * company's balance, the balances page and pay from balance treat it as any credit. Mostly credits;
 * a Debit is a correction, as Add Record allows, and may not take the balance below zero. What a
 * company owes comes in as open invoices (kind `invoices`), never as a negative balance.
 */
export const BALANCE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { ...EXTERNAL_ID_COLUMN, example: 'CR-1001' },
  {
    key: 'company',
    label: 'Company',
    type: 'text',
    required: true,
    example: 'Sierra Skies Aviation',
    aliases: ['company name', 'tenant', 'tenant name', 'owner', 'customer', 'customer name', 'account name', 'company id'],
    help: "The company's name in Apron, or its external id.",
  },
  {
    key: 'amount',
    label: 'Amount',
    type: 'money',
    required: true,
    example: '250.00',
    aliases: ['credit', 'credit amount', 'opening balance', 'balance', 'prepaid', 'deposit amount'],
    help: 'The credit in dollars (greater than 0).',
  },
  {
    key: 'dateApplied',
    label: 'Date applied',
    type: 'date',
    required: true,
    example: '2025-01-02',
    aliases: ['date', 'as of', 'credit date', 'balance date', 'effective date'],
  },
  {
    key: 'type',
    label: 'Type',
    type: 'text',
    example: 'Credit',
    aliases: ['record type', 'credit or debit', 'kind'],
    help: "Credit (default), or Debit for a correction as Add Record allows (never below a $0 balance).",
  },
  {
    key: 'note',
    label: 'Note',
    type: 'text',
    example: 'Opening balance from the old system',
    aliases: ['comment', 'comments', 'memo', 'description', 'notes'],
    help: "Kept as the record's reference (`Cash: <note>`); 'Opening balance' when empty.",
  },
  {
    key: 'paidBy',
    label: 'Paid by',
    type: 'text',
    example: 'Cash',
    aliases: ['method', 'payment method', 'paid with', 'tender'],
    help: 'Cash (default) or Check, as in Add Record.',
  },
  { key: 'accountNum', label: 'Account number', type: 'text', example: '', aliases: ['account', 'account no', 'bank account'], help: 'Checks only: stored masked (****6789).' },
  { key: 'routingNum', label: 'Routing number', type: 'text', example: '', aliases: ['routing', 'aba', 'routing no'], help: 'Checks only.' },
];

export const OPENING_BALANCE_NOTE = 'Opening balance';

/** 'credit', 'DEBIT' -> the ledger's spelling. */
const typeOf = (value: unknown) => (typeof value === 'string' ? value.trim().charAt(0).toUpperCase() + value.trim().slice(1).toLowerCase() : value);

/** 'cash', 'CHECK', 'cheque' -> the ledger's spelling; anything else is left for the enum to refuse. */
function paidByOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (v === 'cash') return 'Cash';
  if (v === 'check' || v === 'cheque') return 'Check';
  return value;
}

const zDigits = (label: string) => z.string().trim().regex(/^\d+$/, `${label} must be digits`).max(40, `${label} must be at most 40 characters`).optional();

/** One row of a balances file: Add Record's rules (`ZBalanceRecordCreate`), the company by name or external id. */
export const ZBalanceImportRow = z
  .object({
    externalId: zRequiredText('External id', 200),
    company: zRequiredText('Company', 200),
    amount: zDollars({ positive: true }),
    dateApplied: zDateOnly('Date Applied'),
    type: z.preprocess(typeOf, z.enum(BALANCE_TYPES, { error: 'Type must be Credit or Debit' }).default('Credit')),
    note: zOptionalText(500),
    paidBy: z.preprocess(paidByOf, z.enum(BALANCE_PAID_BY, { error: 'Paid By must be Cash or Check' }).default('Cash')),
    accountNum: zDigits('Account Number'),
    routingNum: zDigits('Routing Number'),
  })
  .superRefine((row, ctx) => {
    if (row.paidBy !== 'Check') return;
    if (!row.accountNum) ctx.addIssue({ code: 'custom', path: ['accountNum'], message: 'Account Number is required for a check' });
    if (!row.routingNum) ctx.addIssue({ code: 'custom', path: ['routingNum'], message: 'Routing Number is required for a check' });
  });
export type TBalanceImportRow = z.output<typeof ZBalanceImportRow>;
