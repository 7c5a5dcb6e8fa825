import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@apron/core';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/errors/app-error';
import { lockIdempotencyKey } from '../../platform/idempotency/index';
import type { ChargeResult, PaymentProvider } from '../../platform/payments/provider';
import type { PluginRegistry } from '../../platform/plugins/registry';
import { cardAttempts, type CardAttemptRow } from './card-attempts.table';
import { payableOf, type CardEngine, type CardPaid, type CardPayable, type CardRequest } from './card-payable';

/**
 * The one card-payment engine (PRODUCT-RULES 4, issue 10 item 6, issue 21 item 1), whatever is
 * paid for - invoice lines, a parking request, a wait-list join (the `CARD_PAYABLES` plug-ins):
 * (a) a short transaction takes the key's lock, lets the plug-in lock and price what is paid for,
 *     and records a `pending` attempt keyed by the Idempotency-Key with the server's amount;
 * (b) the provider is charged that amount with the same key, outside any transaction;
 * (c) a short transaction finalises: the plug-in locks it again and writes what the money buys -
 *     or the attempt is marked declined / failed, and nothing else changes.
 * What was paid for taken meanwhile (a line paid by balance) after the provider approved: the
 * charge is refunded in full (`refund_due` -> `refunded`; `review` for staff when the refund
 * fails) and the client gets a 409. A crash between (a) and (c) leaves the attempt `pending`: the
 * client's retry with the same key charges again (the provider answers a repeated key with its
 * first result), or `reconcileCardAttempts` (job) asks the provider and finishes or voids it.
 */
type Begun = { kind: 'paid'; paid: CardPaid } | { kind: 'charge'; attempt: CardAttemptRow; note: string };

const paidOf = (attempt: CardAttemptRow): CardPaid => ({ purpose: attempt.purpose, resultId: attempt.resultId!, paymentId: attempt.paymentId, amountCents: attempt.amountCents });

/**
 * The answer an attempt that is over already gives to its key again (null: not over). It says what
 * is true now: a refund still running is being refunded; staff are named only once it failed.
 */
function answerOf(payable: CardPayable<never>, attempt: CardAttemptRow): Begun | null {
  if (attempt.status === 'paid') return { kind: 'paid', paid: paidOf(attempt) };
  if (attempt.status === 'declined') throw new AppError('UNPROCESSABLE', attempt.message || PAYMENT_MESSAGES.declined);
  if (attempt.status === 'refunded') throw new AppError('CONFLICT', payable.refundMessages.refunded);
  if (attempt.status === 'refund_due') throw new AppError('CONFLICT', payable.refundMessages.refunding);
  if (attempt.status === 'review') throw new AppError('CONFLICT', payable.refundMessages.review);
  return null;
}

/** (a) Lock, check and record the attempt; or the first result of this key. Clicks with one key take turns here. */
export async function beginCardAttempt<Order>(engine: CardEngine, request: CardRequest<Order>): Promise<Begun> {
  const payable = payableOf(engine, request.purpose);
  return engine.db.transaction(async (tx) => {
    await lockIdempotencyKey(tx, `card:${request.purpose}`, request.idempotencyKey);
    // The plug-in's order type is its own; the slot erased it (see CARD_PAYABLES).
    const opened = await payable.open(tx, request.order as never);
    const [existing] = await tx.select().from(cardAttempts).where(and(eq(cardAttempts.purpose, request.purpose), eq(cardAttempts.idempotencyKey, request.idempotencyKey))).for('update');
    if (existing && !opened.isSameOrder(existing)) throw new AppError('CONFLICT', PAYMENT_MESSAGES.idempotencyReused);
    const before = existing ? null : ((await opened.paidBefore?.(request.idempotencyKey)) ?? null);
    if (before) return { kind: 'paid', paid: before };
    if (existing) {
      const answer = answerOf(payable, existing);
      if (answer) return answer;
      if (existing.status === 'pending') return { kind: 'charge', attempt: existing, note: opened.note }; // same key, same charge
    }
    // New, or a key whose charge failed or never happened: charge today's figure.
    const priced = await opened.price();
    const values = {
      purpose: request.purpose, idempotencyKey: request.idempotencyKey, invoiceId: priced.invoiceId ?? null, companyId: priced.companyId ?? null,
      lineIds: priced.lineIds ?? null, subject: priced.subject ?? null, amountCents: priced.amountCents, provider: engine.provider.name, status: 'pending' as const,
      providerRef: null, message: null, resultId: null, paymentId: null, createdBy: request.createdBy, updatedAt: new Date(),
    };
    const [attempt] = existing
      ? await tx.update(cardAttempts).set(values).where(eq(cardAttempts.id, existing.id)).returning()
      : await tx.insert(cardAttempts).values(values).returning();
    return { kind: 'charge', attempt: attempt!, note: opened.note };
  });
}

/** (b) The provider call, outside any transaction; null when its outcome is unknown (no answer). */
export async function chargeCardAttempt(engine: CardEngine, attempt: CardAttemptRow, sourceToken: string, note: string): Promise<ChargeResult | null> {
  try {
    return await engine.provider.charge({ amountCents: attempt.amountCents, sourceToken, idempotencyKey: attempt.idempotencyKey, note });
  } catch {
    return null;
  }
}

export type Finished =
  | { kind: 'paid'; paid: CardPaid }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'refund'; attempt: CardAttemptRow }
  | { kind: 'over'; attempt: CardAttemptRow };

/** (c) Finalise the attempt with the provider's result, under the plug-in's lock, then the attempt's. */
export async function finishCardAttempt(engine: Pick<CardEngine, 'db' | 'plugins'>, actor: AuditActor, ref: CardAttemptRow, result: ChargeResult): Promise<Finished> {
  const payable = payableOf(engine, ref.purpose);
  return engine.db.transaction(async (tx) => {
    await payable.relock?.(tx, ref);
    const [attempt] = await tx.select().from(cardAttempts).where(eq(cardAttempts.id, ref.id)).for('update');
    const settle = async (status: CardAttemptRow['status'], extra: Partial<CardAttemptRow> = {}) =>
      (await tx.update(cardAttempts).set({ status, providerRef: result.reference, message: result.message, updatedAt: new Date(), ...extra }).where(eq(cardAttempts.id, attempt!.id)).returning())[0]!;
    if (attempt!.status !== 'pending') {
      // Finished by another request or the job - unless money came in for an attempt voided meanwhile.
      if (result.status === 'approved' && (attempt!.status === 'void' || attempt!.status === 'failed')) return { kind: 'refund', attempt: await refundDue(tx, actor, settle) };
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
    const bought = await payable.fulfil(tx, actor, attempt!, result.reference);
    if (bought === 'taken') return { kind: 'refund', attempt: await refundDue(tx, actor, settle) };
    return { kind: 'paid', paid: paidOf(await settle('paid', bought)) };
  });
}

async function refundDue(tx: Tx, actor: AuditActor, settle: (status: 'refund_due') => Promise<CardAttemptRow>): Promise<CardAttemptRow> {
  const due = await settle('refund_due');
  await recordAudit(tx, actor, { action: 'refund-due', entity: 'cardAttempt', entityId: due.id, after: { purpose: due.purpose, invoiceId: due.invoiceId, amountCents: due.amountCents, providerRef: due.providerRef } });
  return due;
}

/** Refund an approved charge whose purchase was taken (outside any transaction), then record how it went. */
export async function refundCardAttempt(engine: CardEngine, attempt: CardAttemptRow): Promise<'refunded' | 'review'> {
  const { reason } = payableOf(engine, attempt.purpose).refundMessages;
  const result = await engine.provider
    .refund({ reference: attempt.providerRef ?? '', amountCents: attempt.amountCents, idempotencyKey: attempt.idempotencyKey, reason })
    .catch(() => ({ status: 'error' as const, message: 'The payment service did not answer the refund.' }));
  const status = result.status === 'refunded' ? 'refunded' : 'review';
  await engine.db.transaction(async (tx) => {
    await tx.update(cardAttempts).set({ status, message: result.message, updatedAt: new Date() }).where(and(eq(cardAttempts.id, attempt.id), eq(cardAttempts.status, 'refund_due')));
    await recordAudit(tx, { user: null }, { action: status === 'refunded' ? 'refund' : 'refund-failed', entity: 'cardAttempt', entityId: attempt.id, after: { amountCents: attempt.amountCents, message: result.message } });
  });
  return status;
}

/** What the client is told for a finished attempt: what was bought, or the error. */
async function answer(engine: CardEngine, done: Finished): Promise<CardPaid> {
  if (done.kind === 'paid') return done.paid;
  if (done.kind === 'declined') throw new AppError('UNPROCESSABLE', done.message);
  if (done.kind === 'failed') throw new AppError('UNAVAILABLE', done.message);
  const payable = payableOf(engine, done.attempt.purpose);
  if (done.kind === 'refund') {
    const status = await refundCardAttempt(engine, done.attempt);
    throw new AppError('CONFLICT', status === 'refunded' ? payable.refundMessages.refunded : payable.refundMessages.review);
  }
  // Finished meanwhile by another request with this key, or by the job: its answer.
  const first = answerOf(payable, done.attempt);
  if (first?.kind === 'paid') return first.paid;
  throw new AppError('UNAVAILABLE', done.attempt.message || PAYMENT_MESSAGES.providerError);
}

/** Pay by card: (a), (b), (c). A decline is a 422, a provider failure a 503, a refunded charge a 409. */
export async function payByCard<Order>(engine: CardEngine, actor: AuditActor, request: CardRequest<Order>): Promise<CardPaid> {
  const begun = await beginCardAttempt(engine, request);
  if (begun.kind === 'paid') return begun.paid;
  const result = await chargeCardAttempt(engine, begun.attempt, request.sourceToken, begun.note);
  // No answer: the attempt stays pending; a retry with the same key, or the job, settles it.
  if (!result) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerError);
  return answer(engine, await finishCardAttempt(engine, actor, begun.attempt, result));
}

/** This app's engine (made once by registerPayments, decorated as `app.cardPayments`). */
export function createCardEngine(db: Db, provider: PaymentProvider, plugins: PluginRegistry): CardEngine {
  const engine: CardEngine = { db, provider, plugins, pay: (actor, request) => payByCard(engine, actor, request) };
  return engine;
}

/** How long an attempt may stay in flight before the job asks the provider about it. */
export const CARD_ATTEMPT_STALE_SECONDS = 300;
export const CARD_RECONCILE_JOB = 'payments.card-reconcile';

export interface ReconcileRun {
  paid: CardPaid[];
  voided: number;
  refunded: number;
  /** Attempts whose finish threw (logged by the job, tried again next run): one never blocks the others. */
  stuck: Array<{ attemptId: string; error: string }>;
}

/**
 * The job, for every purpose: attempts a crash left `pending` (or `refund_due`) for longer than
 * `staleSeconds`. A pending one is finished with what the provider says of its key (approved ->
 * paid, or refunded when what it paid for was taken meanwhile; declined -> declined) or voided when
 * the provider has no charge for it; a provider that does not answer leaves it for the next run,
 * and an attempt made through another provider than the configured one is left alone.
 */
export async function reconcileCardAttempts(engine: CardEngine, staleSeconds = CARD_ATTEMPT_STALE_SECONDS): Promise<ReconcileRun> {
  const stale = await engine.db
    .select()
    .from(cardAttempts)
    .where(and(inArray(cardAttempts.status, ['pending', 'refund_due']), lt(cardAttempts.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .orderBy(asc(cardAttempts.updatedAt))
    .limit(100);
  const run: ReconcileRun = { paid: [], voided: 0, refunded: 0, stuck: [] };
  for (const attempt of stale) {
    // Made through another provider than the one configured now: only that provider can tell.
    if (attempt.provider !== engine.provider.name) continue;
    if (attempt.status === 'refund_due') {
      if ((await refundCardAttempt(engine, attempt)) === 'refunded') run.refunded += 1;
      continue;
    }
    const result = await engine.provider.lookup(attempt.idempotencyKey, attempt.createdAt).catch(() => undefined);
    if (result === undefined || result?.status === 'error') continue;
    if (result === null) {
      const voided = await engine.db.update(cardAttempts).set({ status: 'void', message: 'No charge was made.', updatedAt: new Date() }).where(and(eq(cardAttempts.id, attempt.id), eq(cardAttempts.status, 'pending'))).returning({ id: cardAttempts.id });
      run.voided += voided.length;
      continue;
    }
    const done = await finishCardAttempt(engine, { user: null }, attempt, result).catch((error: unknown) => {
      run.stuck.push({ attemptId: attempt.id, error: error instanceof Error ? error.message : String(error) });
      return null;
    });
    if (!done) continue;
    if (done.kind === 'paid') run.paid.push(done.paid);
    if (done.kind === 'refund' && (await refundCardAttempt(engine, done.attempt)) === 'refunded') run.refunded += 1;
  }
  return run;
}
