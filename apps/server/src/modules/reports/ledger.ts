import { Readable } from 'node:stream';
import { GL_ACCOUNTS, escapeSpreadsheetCell, fromCents } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { findCompaniesByIds } from '../companies/index';
import { invoiceJournal } from '../invoices/index';
import { paymentsByMethod } from '../payments/index';
import { csvField } from './report-export';

const CASH_ACCOUNT: Record<string, string> = { cash: GL_ACCOUNTS.cash, check: GL_ACCOUNTS.checks, card: GL_ACCOUNTS.card, balance: GL_ACCOUNTS.balance };
export const LEDGER_HEADER = ['Date', 'Journal', 'Reference', 'Account', 'Description', 'Debit', 'Credit'];

/** Amounts are numbers (cents here, written as dollars); every other cell is text, escaped as in every export. */
export const ledgerLine = (cells: Array<string | number | null>) =>
  cells.map((cell) => (typeof cell === 'number' ? fromCents(cell).toFixed(2) : csvField(escapeSpreadsheetCell(cell ?? '')))).join(',') + '\r\n';

/**
 * The general ledger of a closed period as CSV journal lines (issue 14 item 7): each invoice a
 * receivable (debit Accounts Receivable, credit revenue), each day's payments per payment type as
 * cash (debit the cash account of the type, credit Accounts Receivable). Every entry balances.
 * The file is streamed to the client line by line; the period's invoices are read in one query
 * (a closed month or quarter; a year of a very large airport would want keyset pages here).
 */
export function ledgerCsv(db: DbOrTx, begin: string, end: string): Readable {
  async function* lines() {
    yield '\uFEFF' + ledgerLine(LEDGER_HEADER);
    const invoices = await invoiceJournal(db, begin, end);
    const companies = await findCompaniesByIds(db, invoices.map((i) => i.companyId));
    for (const inv of invoices) {
      const ref = `INV-${inv.invoiceNumber}`;
      const who = companies.get(inv.companyId)?.name ?? '';
      yield ledgerLine([inv.invoiceDate, 'Sales', ref, GL_ACCOUNTS.receivable, `Invoice ${inv.invoiceNumber} ${who}`.trim(), inv.cents, null]);
      yield ledgerLine([inv.invoiceDate, 'Sales', ref, GL_ACCOUNTS.revenue, `Invoice ${inv.invoiceNumber} ${who}`.trim(), null, inv.cents]);
    }
    for (const pay of await paymentsByMethod(db, begin, end)) {
      const ref = `PAY-${pay.paymentDate}-${pay.method}`;
      const what = `${pay.payments} ${pay.method} payment${pay.payments === 1 ? '' : 's'}`;
      yield ledgerLine([pay.paymentDate, 'Cash Receipts', ref, CASH_ACCOUNT[pay.method] ?? GL_ACCOUNTS.cash, what, pay.cents, null]);
      yield ledgerLine([pay.paymentDate, 'Cash Receipts', ref, GL_ACCOUNTS.receivable, what, null, pay.cents]);
    }
  }
  return Readable.from(lines());
}
