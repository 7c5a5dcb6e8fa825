import { PAID_BY_BALANCE } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudits, type AuditActor, type AuditEntry } from '../../platform/audit/audit';
import { queueMails } from '../../platform/mail/outbox';
import { markSelectionsPaid, type PayableSelection } from '../invoices/index';
import { receiptMail } from './receipts';
import { payments } from './payments.table';

export interface BalancePayments {
  companyId: string;
  /** The company's e-mail for the receipts (none sent when empty). */
  companyEmail: string;
  airportName: string;
  /** The ledger Debit that pays them all. */
  debitId: string;
  today: string;
  /** Locked and checked by `lockPayableSelections`: one per invoice, with the server's figure. */
  selections: readonly PayableSelection[];
  /** The caller's audit entry for its Debit, written in the same insert as the payments' rows. */
  ledgerAudit?: AuditEntry;
}

/**
 * Pay from balance, the payments' part, in the balance's transaction: one payment (receipt) per
 * invoice, the lines `PAID BY BALANCE` with the invoices' totals, the audit rows and the receipt
 * e-mails (held for their PDFs) - one statement each, however many invoices. Returns the payment
 * ids, for `requestReceiptPdfs` after commit.
 */
export async function recordBalancePayments(tx: Tx, actor: AuditActor, input: BalancePayments): Promise<string[]> {
  const { companyId, debitId, today, selections } = input;
  if (selections.length === 0) return [];
  const rows = await tx
    .insert(payments)
    .values(
      selections.map((s) => ({
        companyId, invoiceId: s.invoiceId, amountCents: s.amountCents, method: 'balance', details: `Balance debit ${debitId}`, paymentDate: today, createdBy: actor.user?.id ?? null,
      })),
    )
    .returning();
  // One payment per invoice: match them by invoice, whatever order the rows came back in.
  const byInvoice = new Map(rows.map((p) => [p.invoiceId, p]));
  const paid = selections.map((s) => ({ ...s, payment: byInvoice.get(s.invoiceId)! }));
  await markSelectionsPaid(tx, paid.map((p) => ({ invoiceId: p.invoiceId, lineIds: p.lineIds, paymentId: p.payment.id, paidBy: PAID_BY_BALANCE })), today);
  await recordAudits(tx, actor, [
    ...(input.ledgerAudit ? [input.ledgerAudit] : []),
    ...paid.map((p) => ({ action: 'create', entity: 'payment', entityId: p.payment.id, after: { ...p.payment, lineIds: p.lineIds } })),
  ]);
  if (input.companyEmail) {
    await queueMails(
      tx,
      paid.map((p) =>
        receiptMail(
          { paymentId: p.payment.id, receiptNumber: p.payment.receiptNumber, invoiceNumber: p.invoiceNumber, amountCents: p.amountCents, paymentDate: today },
          input.companyEmail,
          input.airportName,
        ),
      ),
    );
  }
  return paid.map((p) => p.payment.id);
}
