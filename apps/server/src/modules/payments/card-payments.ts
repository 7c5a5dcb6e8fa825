import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@apron/core';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/errors/app-error';
import type { ChargeResult, PaymentProvider } from '../../platform/payments/provider';
import { airportToday, lockInvoice, lockLinesIfUnpaid, lockPayableLines, markLinesPaid, publishInvoiceEvents, type InvoiceScope } from '../invoices/index';
import { cardAttempts, type CardAttemptRow } from './card-attempts.table';
import { queueReceiptMail } from './receipts';
import { payments } from './payments.table';

/**
 * Pay Online (PRODUCT-RULES 4) without holding a lock across the provider call (issue 10 item 6):
 * (a) a short transaction locks the invoice and the selected lines, checks them and records a
 *     `pending` attempt keyed by the Idempotency-Key with the server's amount and the line ids;
 * (b) the provider is charged that amount with the same key, outside any transaction;
 * (c) a short transaction finalises: under the invoice lock the lines are checked again, then the
 *     payment (= receipt), paid lines, totals, audit and receipt e-mail are written - or the
 *     attempt is marked declined / failed, and nothing else changes.
 * A line paid meanwhile (by balance, or another card) after the provider approved: the charge is
 * refunded in full (`refund_due` -> `refunded`; `review` for staff when the refund fails) and the
 * client gets a 409. A crash between (a) and (c) leaves the attempt `pending`: the client's retry
 * with the same key charges again (the provider answers a repeated key with its first result), or
 * `reconcileCardAttempts` (job) asks the provider what became of the key and finishes or voids it.
 */
export interface CardPaymentRequest {
  invoiceId: string;
  scope: InvoiceScope;
  lineIds: string[];
  sourceToken: string;
  idempotencyKey: string;
}

export const CARD_MESSAGES = {
  refunded: 'A selected line was paid meanwhile; the card charge was refunded.',
  refunding: 'A selected line was paid meanwhile; the card charge is being refunded.',
  review: 'A selected line was paid meanwhile; the card charge will be refunded by our staff.',
  refundReason: 'The selected invoice lines were paid meanwhile.',
} as const;

type Begun = { kind: 'paid'; paymentId: string } | { kind: 'charge'; attempt: CardAttemptRow; note: string };

/**
 * The answer an attempt that is over already gives to its key again (null: not over). It says what
 * is true now: a refund still running is being refunded; staff are named only once it failed.
 */
function answerOf(attempt: CardAttemptRow): Begun | null {
  if (attempt.status === 'paid') return { kind: 'paid', paymentId: attempt.paymentId! };
  if (attempt.status === 'declined') throw new AppError('UNPROCESSABLE', attempt.message || PAYMENT_MESSAGES.declined);
  if (attempt.status === 'refunded') throw new AppError('CONFLICT', CARD_MESSAGES.refunded);
  if (attempt.status === 'refund_due') throw new AppError('CONFLICT', CARD_MESSAGES.refunding);
  if (attempt.status === 'review') throw new AppError('CONFLICT', CARD_MESSAGES.review);
  return null;
}

/** (a) Lock, check and record the attempt; or the first result of this key. */
export async function beginCardAttempt(db: Db, provider: PaymentProvider, actor: AuditActor, request: CardPaymentRequest): Promise<Begun> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, request.invoiceId, request.scope);
    const note = `Invoice #${invoice.invoiceNumber}`;
    const [existing] = await tx.select().from(cardAttempts).where(eq(cardAttempts.idempotencyKey, request.idempotencyKey)).for('update');
    const [earlier] = existing ? [] : await tx.select({ id: payments.id, invoiceId: payments.invoiceId }).from(payments).where(eq(payments.idempotencyKey, request.idempotencyKey));
    if ((existing ?? earlier) && (existing ?? earlier)!.invoiceId !== request.invoiceId) throw new AppError('CONFLICT', PAYMENT_MESSAGES.idempotencyReused);
    if (earlier) return { kind: 'paid', paymentId: earlier.id }; // paid before attempts were kept
    if (existing) {
      const answer = answerOf(existing);
      if (answer) return answer;
      if (existing.status === 'pending') return { kind: 'charge', attempt: existing, note }; // same key, same charge
    }
    // New, or a key whose charge failed or never happened: charge today's figure for these lines.
    const { amountCents } = await lockPayableLines(tx, request.invoiceId, request.lineIds, request.scope);
    const values = {
      idempotencyKey: request.idempotencyKey, invoiceId: invoice.id, companyId: invoice.companyId, lineIds: [...new Set(request.lineIds)].sort(), amountCents,
      provider: provider.name, status: 'pending' as const, providerRef: null, message: null, createdBy: actor.user?.id ?? null, updatedAt: new Date(),
    };
    const [attempt] = existing
      ? await tx.update(cardAttempts).set(values).where(eq(cardAttempts.id, existing.id)).returning()
      : await tx.insert(cardAttempts).values(values).returning();
    return { kind: 'charge', attempt: attempt!, note };
  });
}

/** (b) The provider call, outside any transaction; null when its outcome is unknown (no answer). */
export async function chargeCardAttempt(provider: PaymentProvider, attempt: CardAttemptRow, sourceToken: string, note: string): Promise<ChargeResult | null> {
  try {
    return await provider.charge({ amountCents: attempt.amountCents, sourceToken, idempotencyKey: attempt.idempotencyKey, note });
  } catch {
    return null;
  }
}

export type Finished =
  | { kind: 'paid'; paymentId: string }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'refund'; attempt: CardAttemptRow }
  | { kind: 'over'; attempt: CardAttemptRow };

/** (c) Finalise the attempt with the provider's result, under the invoice's lock. */
export async function finishCardAttempt(db: Db, actor: AuditActor, attemptRef: Pick<CardAttemptRow, 'id' | 'invoiceId'>, result: ChargeResult): Promise<Finished> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, attemptRef.invoiceId, null);
    const [attempt] = await tx.select().from(cardAttempts).where(eq(cardAttempts.id, attemptRef.id)).for('update');
    const settle = async (status: CardAttemptRow['status'], extra: Partial<CardAttemptRow> = {}) =>
      (await tx.update(cardAttempts).set({ status, providerRef: result.reference, message: result.message, updatedAt: new Date(), ...extra }).where(eq(cardAttempts.id, attempt!.id)).returning())[0]!;
    if (attempt!.status !== 'pending') {
      // Finished by another request or the job - unless money came in for an attempt voided meanwhile.
      if (result.status === 'approved' && (attempt!.status === 'void' || attempt!.status === 'failed')) return { kind: 'refund', attempt: await settle('refund_due') };
      return { kind: 'over', attempt: attempt! };
    }
    if (result.status === 'declined') {
      await settle('declined');
      return { kind: 'declined', message: result.message || PAYMENT_MESSAGES.declined };
    }
    if (result.status !== 'approved') {
      await settle('failed');
      return { kind: 'failed', message: result.message || PAYMENT_MESSAGES.providerError };
    }
    const linesPayable = await lockLinesIfUnpaid(tx, invoice.id, attempt!.lineIds);
    if (invoice.status === 'Cancelled' || !linesPayable) {
      const due = await settle('refund_due');
      await recordAudit(tx, actor, { action: 'refund-due', entity: 'cardAttempt', entityId: due.id, after: { invoiceId: due.invoiceId, amountCents: due.amountCents, providerRef: due.providerRef } });
      return { kind: 'refund', attempt: due };
    }
    const today = await airportToday(tx);
    const [payment] = await tx
      .insert(payments)
      .values({
        companyId: invoice.companyId, invoiceId: invoice.id, amountCents: attempt!.amountCents, method: 'card', provider: attempt!.provider, providerRef: result.reference,
        idempotencyKey: attempt!.idempotencyKey, paymentDate: today, createdBy: attempt!.createdBy,
      })
      .returning();
    await markLinesPaid(tx, invoice.id, attempt!.lineIds, payment!.id, payment!.id, today);
    await settle('paid', { paymentId: payment!.id });
    await recordAudit(tx, actor, { action: 'create', entity: 'payment', entityId: payment!.id, after: { ...payment!, lineIds: attempt!.lineIds } });
    // Invoices/Updated with the paid invoice's new figures, only when the payment is recorded.
    await publishInvoiceEvents(tx, [invoice.id], 'Updated');
    await queueReceiptMail(tx, payment!.id);
    return { kind: 'paid', paymentId: payment!.id };
  });
}

/** Refund an approved charge whose lines were taken (outside any transaction), then record how it went. */
export async function refundCardAttempt(db: Db, provider: PaymentProvider, attempt: CardAttemptRow): Promise<'refunded' | 'review'> {
  const result = await provider
    .refund({ reference: attempt.providerRef ?? '', amountCents: attempt.amountCents, idempotencyKey: attempt.idempotencyKey, reason: CARD_MESSAGES.refundReason })
    .catch(() => ({ status: 'error' as const, message: 'The payment service did not answer the refund.' }));
  const status = result.status === 'refunded' ? 'refunded' : 'review';
  await db.transaction(async (tx) => {
    await tx.update(cardAttempts).set({ status, message: result.message, updatedAt: new Date() }).where(and(eq(cardAttempts.id, attempt.id), eq(cardAttempts.status, 'refund_due')));
    await recordAudit(tx, { user: null }, { action: status === 'refunded' ? 'refund' : 'refund-failed', entity: 'cardAttempt', entityId: attempt.id, after: { amountCents: attempt.amountCents, message: result.message } });
  });
  return status;
}

/** What the client is told for a finished attempt; the payment id when it is paid. */
async function answer(db: Db, provider: PaymentProvider, done: Finished): Promise<string> {
  if (done.kind === 'paid') return done.paymentId;
  if (done.kind === 'declined') throw new AppError('UNPROCESSABLE', done.message);
  if (done.kind === 'failed') throw new AppError('UNAVAILABLE', done.message);
  if (done.kind === 'refund') {
    const status = await refundCardAttempt(db, provider, done.attempt);
    throw new AppError('CONFLICT', status === 'refunded' ? CARD_MESSAGES.refunded : CARD_MESSAGES.review);
  }
  // Finished meanwhile by another request with this key, or by the job: its answer.
  const first = answerOf(done.attempt);
  if (first?.kind === 'paid') return first.paymentId;
  throw new AppError('UNAVAILABLE', done.attempt.message || PAYMENT_MESSAGES.providerError);
}

/** Pay Online: (a), (b), (c). Returns the payment id; a decline is a 422, a provider failure a 503. */
export async function payByCard(db: Db, provider: PaymentProvider, actor: AuditActor, request: CardPaymentRequest): Promise<string> {
  const begun = await beginCardAttempt(db, provider, actor, request);
  if (begun.kind === 'paid') return begun.paymentId;
  const result = await chargeCardAttempt(provider, begun.attempt, request.sourceToken, begun.note);
  // No answer: the attempt stays pending; a retry with the same key, or the job, settles it.
  if (!result) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerError);
  return answer(db, provider, await finishCardAttempt(db, actor, begun.attempt, result));
}

/** How long an attempt may stay in flight before the job asks the provider about it. */
export const CARD_ATTEMPT_STALE_SECONDS = 300;
export const CARD_RECONCILE_JOB = 'payments.card-reconcile';

/**
 * The job: attempts a crash left `pending` (or `refund_due`) for longer than `staleSeconds`. A
 * pending one is finished with what the provider says of its key (approved -> paid, or refunded
 * when its lines were taken meanwhile; declined -> declined) or voided when the provider has no
 * charge for it; a provider that does not answer leaves it for the next run, and an attempt made
 * through another provider than the configured one is left alone.
 */
export async function reconcileCardAttempts(db: Db, provider: PaymentProvider, staleSeconds = CARD_ATTEMPT_STALE_SECONDS): Promise<{ paymentIds: string[]; voided: number; refunded: number }> {
  const stale = await db
    .select()
    .from(cardAttempts)
    .where(and(inArray(cardAttempts.status, ['pending', 'refund_due']), lt(cardAttempts.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .orderBy(asc(cardAttempts.updatedAt))
    .limit(100);
  const outcome = { paymentIds: [] as string[], voided: 0, refunded: 0 };
  for (const attempt of stale) {
    // Made through another provider than the one configured now: only that provider can tell.
    if (attempt.provider !== provider.name) continue;
    if (attempt.status === 'refund_due') {
      if ((await refundCardAttempt(db, provider, attempt)) === 'refunded') outcome.refunded += 1;
      continue;
    }
    const result = await provider.lookup(attempt.idempotencyKey, attempt.createdAt).catch(() => undefined);
    if (result === undefined || result?.status === 'error') continue;
    if (result === null) {
      const voided = await db.update(cardAttempts).set({ status: 'void', message: 'No charge was made.', updatedAt: new Date() }).where(and(eq(cardAttempts.id, attempt.id), eq(cardAttempts.status, 'pending'))).returning({ id: cardAttempts.id });
      outcome.voided += voided.length;
      continue;
    }
    const done = await finishCardAttempt(db, { user: null }, attempt, result);
    if (done.kind === 'paid') outcome.paymentIds.push(done.paymentId);
    if (done.kind === 'refund' && (await refundCardAttempt(db, provider, done.attempt)) === 'refunded') outcome.refunded += 1;
  }
  return outcome;
}
