import { maskAccountNumber, PAID_BY_BALANCE } from '@apron/core';
import type { Tx } from '../../db/client';
import { markLinesPaid } from '../invoices/index';
import { payments } from './payments.table';

/**
 * Demo data (issue 5 item 13): a past payment of some lines by card, check or balance, written as
 * data - no provider, receipt e-mail or audit. Used by the demo billing seed only.
 */
export async function recordDemoPayment(
  tx: Tx,
  input: { invoiceId: string; companyId: string; method: 'card' | 'check' | 'balance'; lineIds: string[]; amountCents: number; day: string },
): Promise<void> {
  const { invoiceId, companyId, method, day } = input;
  const [payment] = await tx
    .insert(payments)
    .values({
      companyId, invoiceId, amountCents: input.amountCents, method, paymentDate: day,
      provider: method === 'card' ? 'test' : null,
      providerRef: method === 'card' ? `demo_${invoiceId.slice(0, 8)}` : null,
      idempotencyKey: method === 'card' ? `demo-${invoiceId}` : null,
      accountName: method === 'check' ? 'Accounts Payable' : null,
      accountNumberMasked: method === 'check' ? maskAccountNumber('4400123456') : null,
      routingNum: method === 'check' ? '021000021' : null,
    })
    .returning();
  await markLinesPaid(tx, invoiceId, input.lineIds, payment!.id, method === 'balance' ? PAID_BY_BALANCE : payment!.id, day);
}
