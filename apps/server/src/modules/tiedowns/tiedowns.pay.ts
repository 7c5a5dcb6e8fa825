import { eq } from 'drizzle-orm';
import type { TSessionUser } from '@apron/core';
import { parkingLineName } from '@apron/core/tiedowns';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import { createOneLineInvoice, publishInvoiceEvent } from '../invoices/index';
import { loadReceipt, recordCardPayment, type CardEngine, type CardPayable } from '../payments/index';
import { queueTiedownConfirmation } from './tiedowns.mail';
import { parkingPayerCompanyId } from './tiedowns.payer';
import { insertRequest, type Quote, type TiedownForm } from './tiedowns.service';
import { tiedownRequests, type TiedownRequestRow } from './tiedowns.table';

/** What a parking attempt keeps (its `subject`): the form and the quote it was charged for. */
export interface ParkingOrder {
  form: TiedownForm;
  nights: number;
  rateCents: number;
  amountCents: number;
}

const PARKING_REFUND = 'The parking request could not be completed; the card charge';

/**
 * The tie-down plug-in of payments' card engine (issue 11 item 2, issue 21): a paid parking
 * request is a record that does not exist yet, so nothing is locked and nothing can be taken
 * meanwhile; the figure is the server's quote (rate table x nights). On approval one transaction
 * writes the request, its one-line invoice, the payment (= receipt), the paid line, the audit and
 * the pilot's e-mail. The same key again answers the first request.
 */
export const parkingPayable: CardPayable<ParkingOrder> = {
  async open(_tx, order) {
    return {
      note: 'Transient parking',
      isSameOrder: () => true,
      price: async () => ({ amountCents: order.amountCents, subject: { form: order.form, nights: order.nights, rateCents: order.rateCents } }),
    };
  },
  async fulfil(tx, actor, attempt, providerRef) {
    const { form, nights, rateCents } = attempt.subject as Omit<ParkingOrder, 'amountCents'>;
    const companyId = await parkingPayerCompanyId(tx);
    const invoice = await createOneLineInvoice(tx, actor, {
      companyId,
      name: `Transient parking ${form.airCraftNum}`,
      description: `${form.firstName} ${form.lastName}, ${form.email}, ${form.phone}: ${form.beginDate} to ${form.endDate}`,
      line: { name: parkingLineName(form.airCraftType, nights), description: `Aircraft ${form.airCraftNum}`, chargesCents: rateCents, amount: nights },
    });
    const payment = await recordCardPayment(tx, actor, {
      invoiceId: invoice.invoiceId, companyId, lineIds: [invoice.lineId], amountCents: attempt.amountCents, provider: attempt.provider,
      providerRef, idempotencyKey: attempt.idempotencyKey, createdBy: attempt.createdBy,
    });
    // A new invoice for notification rules, published once paid (it never exists unpaid).
    await publishInvoiceEvent(tx, invoice.invoiceId, 'Created');
    const row = await insertRequest(tx, actor, {
      form, nights, rateCents, amountCents: attempt.amountCents, invoiceId: invoice.invoiceId, paymentId: payment.paymentId, idempotencyKey: attempt.idempotencyKey, createdBy: attempt.createdBy,
    });
    await queueTiedownConfirmation(tx, row, await loadReceipt(tx, payment.paymentId, null));
    return { resultId: row.id, paymentId: payment.paymentId };
  },
  refundMessages: {
    refunded: `${PARKING_REFUND} was refunded.`,
    refunding: `${PARKING_REFUND} is being refunded.`,
    review: `${PARKING_REFUND} will be refunded by our staff.`,
    reason: 'The parking request could not be completed.',
  },
};

export interface PaidRequest {
  user: TSessionUser | null;
  actor: AuditActor;
  form: TiedownForm;
  quote: Quote;
  sourceToken: string;
  idempotencyKey: string;
}

/** A paid parking request through the card engine (PRODUCT-RULES 4): the request it bought. */
export async function createPaidRequest(engine: CardEngine, request: PaidRequest): Promise<TiedownRequestRow> {
  const order: ParkingOrder = { form: request.form, nights: request.quote.nights, rateCents: request.quote.rateCents, amountCents: request.quote.amountCents };
  const paid = await engine.pay(request.actor, { purpose: 'tiedown', order, sourceToken: request.sourceToken, idempotencyKey: request.idempotencyKey, createdBy: request.user?.id ?? null });
  return requestOf(engine.db, paid.resultId);
}

async function requestOf(db: Db, id: string): Promise<TiedownRequestRow> {
  const [row] = await db.select().from(tiedownRequests).where(eq(tiedownRequests.id, id));
  return row!;
}
