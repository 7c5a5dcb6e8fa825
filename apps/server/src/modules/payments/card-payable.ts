import type { Db, Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import type { PaymentProvider } from '../../platform/payments/provider';
import { manySlot, type PluginRegistry } from '../../platform/plugins/registry';
import type { CardAttemptRow, CardPurpose } from './card-attempts.table';

/**
 * What a card payment pays for, plugged into the one card-payment engine (card-payments.ts,
 * docs/adr/0006). The engine owns the attempt, the provider call, the locks' order, refunds and
 * the reconcile job; a plug-in owns the thing bought: it prices it on the server, locks and
 * checks it, and creates or marks it once the provider approved. One provider per purpose,
 * keyed by the purpose: `ctx.plugins.provide(CARD_PAYABLES, 'tiedown', payable)`.
 */
export interface CardPayable<Order> {
  /**
   * (a) In the attempt's transaction, after the key's lock and before the attempt row is read:
   * lock and check what is to be paid for (a 404 or 400 thrown here reaches the client).
   */
  open(tx: Tx, order: Order): Promise<OpenedOrder>;
  /** (c) In the finishing transaction, before the attempt row is locked: lock it again (same order as (a)). */
  relock?(tx: Tx, attempt: CardAttemptRow): Promise<void>;
  /**
   * (c) The provider approved `attempt`: write what the money buys, in the engine's transaction.
   * 'taken' when it cannot be had any more (a line paid meanwhile): the engine refunds the charge.
   */
  fulfil(tx: Tx, actor: AuditActor, attempt: CardAttemptRow, providerRef: string): Promise<Fulfilled | 'taken'>;
  /** What the client is told when the charge had to be refunded, and the refund's reason for the provider. */
  refundMessages: RefundMessages;
}

export interface OpenedOrder {
  /** The provider's note for the charge ('Invoice #1002', 'Transient parking'). */
  note: string;
  /** False when the key was used to pay for something else of this purpose (409). */
  isSameOrder(attempt: CardAttemptRow): boolean;
  /** A payment made with this key before attempts were kept (invoices); may throw 409 for another order. */
  paidBefore?(idempotencyKey: string): Promise<CardPaid | null>;
  /** Today's server figure for it, and what the attempt keeps to finish it later (also from the job). */
  price(): Promise<PricedOrder>;
}

export interface PricedOrder {
  amountCents: number;
  invoiceId?: string;
  companyId?: string;
  lineIds?: string[];
  /** What a plug-in needs to write the thing once paid, as JSON (a form and its quote). */
  subject?: unknown;
}

export interface Fulfilled {
  /** What the payment bought: the payment (invoice), the parking request, the applicant. */
  resultId: string;
  paymentId: string | null;
}

export interface RefundMessages {
  refunded: string;
  refunding: string;
  review: string;
  reason: string;
}

/** A paid attempt's answer: what was bought, for how much. */
export interface CardPaid {
  purpose: CardPurpose;
  resultId: string;
  paymentId: string | null;
  amountCents: number;
}

/**
 * The plug-in slot. `CardPayable<never>` takes a plug-in of any order type (a function that accepts
 * an `Order` also accepts `never`); the engine hands each one the order its caller built for it.
 */
export const CARD_PAYABLES = manySlot<CardPayable<never>>('payments.card-payables');

/** A card payment asked for: what it pays for (the purpose's own order), the card and the key. */
export interface CardRequest<Order> {
  purpose: CardPurpose;
  order: Order;
  sourceToken: string;
  idempotencyKey: string;
  createdBy: string | null;
}

/** This app's card engine (`app.cardPayments`): its database, provider and plug-ins, and `pay`. */
export interface CardEngine {
  db: Db;
  provider: PaymentProvider;
  plugins: PluginRegistry;
  /** Pay by card through this engine (`payByCard`): what it bought, or the AppError to answer. */
  pay<Order>(actor: AuditActor, request: CardRequest<Order>): Promise<CardPaid>;
}

export function payableOf(engine: Pick<CardEngine, 'plugins'>, purpose: CardPurpose): CardPayable<never> {
  const payable = engine.plugins.byKey(CARD_PAYABLES, purpose);
  if (!payable) throw new Error(`No card payable is provided for '${purpose}'`);
  return payable;
}
