import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, WAITLIST_MESSAGES, formatMoney, fromCents, hasModule, missingPublicFields, readSetting, toCents, type TSessionUser, type TWaitlistJoin, type TWaitlistJoined } from '@apron/core';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { lockIdempotencyKey } from '../../platform/idempotency/index';
import { queueMail } from '../../platform/mail/index';
import type { ChargeResult, PaymentProvider } from '../../platform/payments/index';
import { loadSystemSettings } from '../settings/index';
import { auditApplicant } from './waitlist.presenter';
import * as repo from './waitlist.repo';
import { waitlistJoinAttempts, type JoinAttemptRow } from './waitlist.table';
import { publishApplicantEvent } from './waitlist-events';

/** What the join stores of the form (never the card token, never the honeypot). */
export type JoinForm = Omit<TWaitlistJoin, 'website' | 'sourceId'>;

export interface JoinRequest {
  user: TSessionUser | null;
  actor: AuditActor;
  input: TWaitlistJoin;
  idempotencyKey: string | null;
  publicUrl: string;
}

/** Staff with the Waitlist module use the properties screen's form: phone, e-mail and organization optional. */
export const isStaffJoin = (user: TSessionUser | null) => hasModule(user, 'Waitlist');

/** WAITLIST_CHARGE in cents (PRODUCT-RULES 1, 21): the server's figure, never the client's. */
export async function waitlistChargeCents(db: DbOrTx): Promise<number> {
  return Math.max(0, toCents(readSetting(await loadSystemSettings(db, ['WAITLIST_CHARGE']), 'WAITLIST_CHARGE')));
}

/** The form as checked for this caller: the public must give phone, e-mail and organization. */
async function checkedForm(db: DbOrTx, user: TSessionUser | null, input: TWaitlistJoin): Promise<JoinForm> {
  if (!isStaffJoin(user)) {
    const missing = missingPublicFields(input);
    if (Object.keys(missing).length) throw new AppError('VALIDATION', 'Invalid fields', missing);
  }
  if (!(await repo.propertyTypeExists(db, input.propertyType))) throw fieldError('propertyType', 'Property Type is not valid');
  const { website: _w, sourceId: _s, ...form } = input;
  return form;
}

/**
 * Write the applicant, its audit entry and the confirmation e-mail with the private link, in the
 * caller's transaction. The token is only ever in the e-mail; its hash is stored.
 */
async function addApplicant(tx: DbOrTx, request: Pick<JoinRequest, 'actor' | 'publicUrl' | 'user'>, form: JoinForm, status: 'Unpaid' | 'Paid', amountCents: number) {
  const { token, hash } = repo.newPrivateToken();
  const row = await repo.insertApplicant(tx, {
    propertyTypeId: form.propertyType,
    aircraftType: form.aircrafttype,
    firstName: form.firstName,
    lastName: form.lastName,
    phone: form.phone,
    email: form.email,
    organization: form.organization,
    status,
    privateTokenHash: hash,
    createdBy: request.user?.id ?? null,
  });
  await recordAudit(tx, request.actor, { action: 'create', entity: 'waitlistApplicant', entityId: row.id, after: { ...auditApplicant(row), amountCents } });
  await publishApplicantEvent(tx, (await repo.findApplicant(tx, row.id))!, 'Created');
  if (row.email) {
    const view = (await repo.findApplicant(tx, row.id))!;
    await queueMail(tx, confirmationMail(view, privateLink(request.publicUrl, token), amountCents));
  }
  return row;
}

export function privateLink(publicUrl: string, token: string): string {
  return `${publicUrl}/waitList/status/${token}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function confirmationMail(view: repo.ApplicantView, link: string, amountCents: number) {
  const paid = amountCents > 0 ? `We received your payment of ${formatMoney(amountCents)}.` : '';
  const lines = [
    `Dear ${view.firstName} ${view.lastName},`,
    '',
    `You have been added to the wait list for ${view.propertyTypeName}. You are number ${view.position} in the queue.`,
    paid,
    'Your place in the queue, and a conversation with our staff, are on your private page:',
    link,
    'Keep this link to yourself: anyone who has it can see your place and your messages.',
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '');
  return {
    to: [view.email],
    subject: `${WAITLIST_MESSAGES.added}: ${view.propertyTypeName}`,
    text: lines.join('\n'),
    html: lines.map((line) => (line === link ? `<p><a href="${escapeHtml(link)}">Your place in the queue</a></p>` : `<p>${escapeHtml(line)}</p>`)).join(''),
    kind: 'waitlist-joined',
    ref: `waitlist:${view.id}`,
  };
}

function joined(row: { id: string; status: string }, amountCents: number): TWaitlistJoined {
  return { message: WAITLIST_MESSAGES.added, _id: row.id, status: row.status as TWaitlistJoined['status'], amount: fromCents(amountCents) };
}

/**
 * Join the wait list. With WAITLIST_CHARGE at 0 or less: one transaction, status Unpaid. Above 0:
 * the card flow of Pay Online (modules/payments card-payments.ts) for this record - (a) a pending
 * attempt with the server's amount and the form, keyed by the Idempotency-Key; (b) the provider,
 * outside any transaction, with the same key; (c) one transaction writes the applicant (Paid), the
 * attempt's outcome, the audit and the e-mail. A decline stores no applicant; the same key again
 * answers the first result (one applicant).
 */
export async function joinWaitlist(db: Db, provider: PaymentProvider, request: JoinRequest): Promise<TWaitlistJoined> {
  const form = await checkedForm(db, request.user, request.input);
  const amountCents = await waitlistChargeCents(db);
  if (amountCents <= 0) {
    const row = await db.transaction((tx) => addApplicant(tx, request, form, 'Unpaid', 0));
    return joined(row, 0);
  }
  if (!request.input.sourceId) throw fieldError('sourceId', 'Card details are required');
  if (!request.idempotencyKey) throw fieldError('idempotencyKey', PAYMENT_MESSAGES.idempotencyRequired);
  const begun = await beginJoinAttempt(db, provider, request, form, amountCents);
  if (begun.kind === 'paid') return begun.answer;
  let result: ChargeResult | null;
  try {
    result = await provider.charge({ amountCents: begun.attempt.amountCents, sourceToken: request.input.sourceId, idempotencyKey: begun.attempt.idempotencyKey, note: 'Wait list' });
  } catch {
    result = null;
  }
  if (!result) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerError);
  return finishJoinAttempt(db, request, begun.attempt, result);
}

const JOIN_OPERATION = 'waitlist-join';

type Begun = { kind: 'paid'; answer: TWaitlistJoined } | { kind: 'charge'; attempt: JoinAttemptRow };

async function answerOf(db: DbOrTx, attempt: JoinAttemptRow): Promise<TWaitlistJoined | null> {
  if (attempt.status === 'paid') return { message: WAITLIST_MESSAGES.added, _id: attempt.applicantId ?? attempt.id, status: 'Paid', amount: fromCents(attempt.amountCents) };
  if (attempt.status === 'declined') throw new AppError('UNPROCESSABLE', attempt.message || PAYMENT_MESSAGES.declined);
  void db;
  return null;
}

/**
 * (a) The attempt, written before the provider is called; or the first answer of this key. Clicks
 * with one key take turns here (the key's lock), so the second finds the first's attempt.
 */
async function beginJoinAttempt(db: Db, provider: PaymentProvider, request: JoinRequest, form: JoinForm, amountCents: number): Promise<Begun> {
  return db.transaction(async (tx) => {
    await lockIdempotencyKey(tx, JOIN_OPERATION, request.idempotencyKey!);
    const [existing] = await tx.select().from(waitlistJoinAttempts).where(eq(waitlistJoinAttempts.idempotencyKey, request.idempotencyKey!)).for('update');
    if (existing) {
      const answer = await answerOf(tx, existing);
      if (answer) return { kind: 'paid', answer };
      if (existing.status === 'pending') return { kind: 'charge', attempt: existing };
    }
    const values = { idempotencyKey: request.idempotencyKey!, form, amountCents, provider: provider.name, status: 'pending', providerRef: null, message: null, createdBy: request.user?.id ?? null, updatedAt: new Date() };
    const [attempt] = existing
      ? await tx.update(waitlistJoinAttempts).set(values).where(eq(waitlistJoinAttempts.id, existing.id)).returning()
      : await tx.insert(waitlistJoinAttempts).values(values).returning();
    return { kind: 'charge', attempt: attempt! };
  });
}

/** (c) The provider's answer: the applicant (Paid) and the attempt in one transaction, or the refusal. */
async function finishJoinAttempt(db: Db, request: JoinRequest, ref: JoinAttemptRow, result: ChargeResult): Promise<TWaitlistJoined> {
  const outcome = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(waitlistJoinAttempts).where(eq(waitlistJoinAttempts.id, ref.id)).for('update');
    if (!attempt) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.providerError);
    const settle = (status: string, applicantId: string | null = null) =>
      tx.update(waitlistJoinAttempts).set({ status, providerRef: result.reference, message: result.message, applicantId, updatedAt: new Date() }).where(and(eq(waitlistJoinAttempts.id, attempt.id), eq(waitlistJoinAttempts.status, 'pending')));
    if (attempt.status !== 'pending') {
      // Settled meanwhile by a second request with this key: its answer.
      return { answer: await answerOf(tx, attempt), failure: attempt.message };
    }
    if (result.status === 'declined') {
      await settle('declined');
      return { declined: result.message || PAYMENT_MESSAGES.declined };
    }
    if (result.status !== 'approved') {
      await settle('failed');
      return { failure: result.message || PAYMENT_MESSAGES.providerError };
    }
    const form = attempt.form as JoinForm;
    const row = await addApplicant(tx, { ...request, user: request.user }, form, 'Paid', attempt.amountCents);
    await settle('paid', row.id);
    return { answer: joined(row, attempt.amountCents) };
  });
  if ('declined' in outcome && outcome.declined) throw new AppError('UNPROCESSABLE', outcome.declined);
  if ('answer' in outcome && outcome.answer) return outcome.answer;
  throw new AppError('UNAVAILABLE', ('failure' in outcome && outcome.failure) || PAYMENT_MESSAGES.providerError);
}

/** How long a join attempt may stay in flight before the job asks the provider about it. */
export const JOIN_ATTEMPT_STALE_SECONDS = 300;
export const JOIN_RECONCILE_JOB = 'waitlist.join-reconcile';

/**
 * The job: join attempts a crash (or a provider that did not answer) left `pending` for longer
 * than `staleSeconds`. The provider is asked what became of the key: approved -> the applicant is
 * written (Paid) as the request would have; declined -> declined; no charge -> void. A provider
 * that does not answer leaves it for the next run; another provider's attempts are left alone.
 */
export async function reconcileJoinAttempts(db: Db, provider: PaymentProvider, publicUrl: string, staleSeconds = JOIN_ATTEMPT_STALE_SECONDS): Promise<{ joined: number; voided: number }> {
  const stale = await db
    .select()
    .from(waitlistJoinAttempts)
    .where(and(eq(waitlistJoinAttempts.status, 'pending'), lt(waitlistJoinAttempts.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .orderBy(asc(waitlistJoinAttempts.updatedAt))
    .limit(100);
  const outcome = { joined: 0, voided: 0 };
  for (const attempt of stale) {
    if (attempt.provider !== provider.name) continue;
    const result = await provider.lookup(attempt.idempotencyKey, attempt.createdAt).catch(() => undefined);
    if (result === undefined || result?.status === 'error') continue;
    if (result === null) {
      const voided = await db
        .update(waitlistJoinAttempts)
        .set({ status: 'void', message: 'No charge was made.', updatedAt: new Date() })
        .where(and(eq(waitlistJoinAttempts.id, attempt.id), eq(waitlistJoinAttempts.status, 'pending')))
        .returning({ id: waitlistJoinAttempts.id });
      outcome.voided += voided.length;
      continue;
    }
    const request: JoinRequest = { user: null, actor: { user: null }, input: attempt.form as TWaitlistJoin, idempotencyKey: attempt.idempotencyKey, publicUrl };
    const done = await finishJoinAttempt(db, request, attempt, result).catch(() => null);
    if (done && result.status === 'approved') outcome.joined += 1;
  }
  return outcome;
}
