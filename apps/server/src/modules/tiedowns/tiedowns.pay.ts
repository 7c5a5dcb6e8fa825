import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type TSessionUser } from '@apron/core';
import { parkingLineName } from '@apron/core/tiedowns';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/errors/app-error';
import { lockIdempotencyKey } from '../../platform/idempotency/index';
import type { ChargeResult, PaymentProvider } from '../../platform/payments/index';
import { createOneLineInvoice, publishInvoiceEvent } from '../invoices/index';
import { loadReceipt, recordCardPayment } from '../payments/index';
import { queueTiedownConfirmation } from './tiedowns.mail';
import { parkingPayerCompanyId } from './tiedowns.payer';
import { insertRequest, type Quote, type TiedownForm } from './tiedowns.service';
import { tiedownCardAttempts, tiedownRequests, type TiedownCardAttemptRow, type TiedownRequestRow } from './tiedowns.table';

/** What an attempt keeps: the form and the quote it was charged for. */
interface AttemptForm {
  form: TiedownForm;
  nights: number;
  rateCents: number;
}

export interface PaidRequest {
  user: TSessionUser | null;
  actor: AuditActor;
  form: TiedownForm;
  quote: Quote;
  sourceToken: string;
  idempotencyKey: string;
}

type Outcome = { kind: 'paid'; requestId: string } | { kind: 'declined'; message: string } | { kind: 'failed'; message: string };

async function requestOf(db: Db, id: string): Promise<TiedownRequestRow> {
  const [row] = await db.select().from(tiedownRequests).where(eq(tiedownRequests.id, id));
  return row!;
}

function answer(outcome: Outcome): string {
  if (outcome.kind === 'paid') return outcome.requestId;
  if (outcome.kind === 'declined') throw new AppError('UNPROCESSABLE', outcome.message);
  throw new AppError('UNAVAILABLE', outcome.message);
}

/** What an attempt that is over answers to its key again (null: charge, or charge again). */
function settled(attempt: TiedownCardAttemptRow): Outcome | null {
  if (attempt.status === 'paid') return { kind: 'paid', requestId: attempt.requestId! };
  if (attempt.status === 'declined') return { kind: 'declined', message: attempt.message || PAYMENT_MESSAGES.declined };
  return null;
}

/**
 * A paid parking request (issue 11 item 2, PRODUCT-RULES 4), the Pay Online flow for a record
 * that does not exist yet: (a) a `pending` attempt with the server's amount and the form, keyed by
 * the Idempotency-Key; (b) the provider charged that amount with the key, outside any transaction;
 * (c) one transaction writes the request, its one-line invoice, the payment (= receipt), the paid
 * line, the audit and the pilot's e-mail, and marks the attempt paid - or marks it declined /
 * failed and writes nothing else. The same key again answers the first result: one request.
 */
export async function createPaidRequest(db: Db, provider: PaymentProvider, request: PaidRequest): Promise<TiedownRequestRow> {
  const begun = await beginAttempt(db, provider, request);
  if ('kind' in begun) return requestOf(db, answer(begun));
  let result: ChargeResult | null;
  try {
    result = await provider.charge({ amountCents: begun.amountCents, sourceToken: request.sourceToken, idempotencyKey: begun.idempotencyKey, note: 'Transient parking' });
  } catch {
    result = null;
  }
  // No answer: the attempt stays pending; the same key again, or the job, settles it.
  if (!result) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerError);
  return requestOf(db, answer(await finishAttempt(db, request.actor, begun.id, result)));
}

/**
 * (a) The attempt, written before the provider is called; or the settled answer of this key.
 * Clicks with one key take turns here (the key's lock), so the second finds the first's attempt.
 */
async function beginAttempt(db: Db, provider: PaymentProvider, request: PaidRequest): Promise<Outcome | TiedownCardAttemptRow> {
  return db.transaction(async (tx): Promise<Outcome | TiedownCardAttemptRow> => {
    await lockIdempotencyKey(tx, 'tiedown-pay', request.idempotencyKey);
    const [existing] = await tx.select().from(tiedownCardAttempts).where(eq(tiedownCardAttempts.idempotencyKey, request.idempotencyKey)).for('update');
    if (existing) {
      const over = settled(existing);
      if (over) return over;
      if (existing.status === 'pending') return existing; // same key, same charge: ask the provider again
    }
    const form: AttemptForm = { form: request.form, nights: request.quote.nights, rateCents: request.quote.rateCents };
    const values = {
      idempotencyKey: request.idempotencyKey, form, amountCents: request.quote.amountCents, provider: provider.name, status: 'pending',
      providerRef: null, message: null, createdBy: request.user?.id ?? null, updatedAt: new Date(),
    };
    const [attempt] = existing
      ? await tx.update(tiedownCardAttempts).set(values).where(eq(tiedownCardAttempts.id, existing.id)).returning()
      : await tx.insert(tiedownCardAttempts).values(values).returning();
    return attempt!;
  });
}

/** (c) Settle an attempt with the provider's result. */
export async function finishAttempt(db: Db, actor: AuditActor, attemptId: string, result: ChargeResult): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(tiedownCardAttempts).where(eq(tiedownCardAttempts.id, attemptId)).for('update');
    const over = settled(attempt!);
    if (over) return over;
    const settle = (status: string, requestId: string | null = null) =>
      tx.update(tiedownCardAttempts).set({ status, providerRef: result.reference, message: result.message, requestId, updatedAt: new Date() }).where(eq(tiedownCardAttempts.id, attempt!.id));
    if (result.status === 'declined') {
      await settle('declined');
      return { kind: 'declined', message: result.message || PAYMENT_MESSAGES.declined };
    }
    if (result.status !== 'approved') {
      await settle('failed');
      return { kind: 'failed', message: result.message || PAYMENT_MESSAGES.providerError };
    }
    const { form, nights, rateCents } = attempt!.form as AttemptForm;
    const companyId = await parkingPayerCompanyId(tx);
    const lineName = parkingLineName(form.airCraftType, nights);
    const invoice = await createOneLineInvoice(tx, actor, {
      companyId,
      name: `Transient parking ${form.airCraftNum}`,
      description: `${form.firstName} ${form.lastName}, ${form.email}, ${form.phone}: ${form.beginDate} to ${form.endDate}`,
      line: { name: lineName, description: `Aircraft ${form.airCraftNum}`, chargesCents: rateCents, amount: nights },
    });
    const payment = await recordCardPayment(tx, actor, {
      invoiceId: invoice.invoiceId, companyId, lineIds: [invoice.lineId], amountCents: attempt!.amountCents, provider: attempt!.provider,
      providerRef: result.reference, idempotencyKey: attempt!.idempotencyKey, createdBy: attempt!.createdBy,
    });
    // A new invoice for notification rules, published once paid (it never exists unpaid).
    await publishInvoiceEvent(tx, invoice.invoiceId, 'Created');
    const row = await insertRequest(tx, actor, {
      form, nights, rateCents, amountCents: attempt!.amountCents, invoiceId: invoice.invoiceId, paymentId: payment.paymentId, idempotencyKey: attempt!.idempotencyKey, createdBy: attempt!.createdBy,
    });
    await settle('paid', row.id);
    await queueTiedownConfirmation(tx, row, await loadReceipt(tx, payment.paymentId, null));
    return { kind: 'paid', requestId: row.id };
  });
}

export const TIEDOWN_RECONCILE_JOB = 'tiedowns.card-reconcile';
export const TIEDOWN_ATTEMPT_STALE_SECONDS = 300;

/**
 * The job: attempts a crash left `pending` for longer than `staleSeconds` are finished with what
 * the provider says of their key (approved -> the request is written; declined -> declined), or
 * voided when it has no charge for it. A provider that does not answer leaves them for next time.
 */
export async function reconcileTiedownAttempts(db: Db, provider: PaymentProvider, staleSeconds = TIEDOWN_ATTEMPT_STALE_SECONDS): Promise<{ paid: number; voided: number }> {
  const stale = await db
    .select()
    .from(tiedownCardAttempts)
    .where(and(inArray(tiedownCardAttempts.status, ['pending']), lt(tiedownCardAttempts.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .orderBy(asc(tiedownCardAttempts.updatedAt))
    .limit(100);
  const outcome = { paid: 0, voided: 0 };
  for (const attempt of stale) {
    if (attempt.provider !== provider.name) continue;
    const result = await provider.lookup(attempt.idempotencyKey, attempt.createdAt).catch(() => undefined);
    if (result === undefined || result?.status === 'error') continue;
    if (result === null) {
      const voided = await db.update(tiedownCardAttempts).set({ status: 'void', message: 'No charge was made.', updatedAt: new Date() }).where(and(eq(tiedownCardAttempts.id, attempt.id), eq(tiedownCardAttempts.status, 'pending'))).returning({ id: tiedownCardAttempts.id });
      outcome.voided += voided.length;
      continue;
    }
    if ((await finishAttempt(db, { user: null }, attempt.id, result)).kind === 'paid') outcome.paid += 1;
  }
  return outcome;
}
