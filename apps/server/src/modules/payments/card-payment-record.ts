import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { airportToday, markLinesPaid } from '../invoices/index';
import { payments } from './payments.table';

export interface ApprovedCardPayment {
  invoiceId: string;
  companyId: string;
  lineIds: string[];
  amountCents: number;
  provider: string;
  providerRef: string;
  idempotencyKey: string;
  createdBy: string | null;
  /** The payment date; today in the airport time zone unless given (demo data). */
  day?: string;
}

/**
 * The payment (= receipt) of a card charge the provider has already approved, for lines the
 * caller created or locked in this transaction (another module's own attempt flow, e.g. a paid
 * tie-down): the payment row, the paid lines and the audit entry together. Returns the payment id
 * and receipt number. The receipt e-mail is the caller's (its payer has no company users).
 */
export async function recordCardPayment(tx: Tx, actor: AuditActor, input: ApprovedCardPayment): Promise<{ paymentId: string; receiptNumber: number }> {
  const today = input.day ?? (await airportToday(tx));
  const [payment] = await tx
    .insert(payments)
    .values({
      companyId: input.companyId, invoiceId: input.invoiceId, amountCents: input.amountCents, method: 'card', provider: input.provider, providerRef: input.providerRef,
      idempotencyKey: input.idempotencyKey, paymentDate: today, createdBy: input.createdBy,
    })
    .returning();
  await markLinesPaid(tx, input.invoiceId, input.lineIds, payment!.id, payment!.id, today);
  await recordAudit(tx, actor, { action: 'create', entity: 'payment', entityId: payment!.id, after: { ...payment!, lineIds: input.lineIds } });
  return { paymentId: payment!.id, receiptNumber: payment!.receiptNumber };
}
