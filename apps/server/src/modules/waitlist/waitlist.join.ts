import { PAYMENT_MESSAGES, WAITLIST_MESSAGES, formatMoney, fromCents, hasModule, missingPublicFields, readSetting, toCents, type TSessionUser, type TWaitlistJoin, type TWaitlistJoined } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { queueMail } from '../../platform/mail/index';
import type { CardEngine, CardPayable } from '../payments/index';
import { loadSystemSettings } from '../settings/index';
import { auditApplicant } from './waitlist.presenter';
import * as repo from './waitlist.repo';
import { publishApplicantEvent } from './waitlist-events';
import { airportPublicUrl } from '../../platform/tenancy/index';

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

/** Who adds an applicant: the audit's actor, the stored author, and where the private link points. */
interface ApplicantAuthor {
  actor: AuditActor;
  createdBy: string | null;
  publicUrl: string;
}

/**
 * Write the applicant, its audit entry and the confirmation e-mail with the private link, in the
 * caller's transaction. The token is only ever in the e-mail; its hash is stored.
 */
async function addApplicant(tx: DbOrTx, by: ApplicantAuthor, form: JoinForm, status: 'Unpaid' | 'Paid', amountCents: number) {
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
    createdBy: by.createdBy,
  });
  await recordAudit(tx, by.actor, { action: 'create', entity: 'waitlistApplicant', entityId: row.id, after: { ...auditApplicant(row), amountCents } });
  await publishApplicantEvent(tx, (await repo.findApplicant(tx, row.id))!, 'Created');
  if (row.email) {
    const view = (await repo.findApplicant(tx, row.id))!;
    // The link opens the applicant's airport's public pages (its host name or path prefix).
    await queueMail(tx, confirmationMail(view, privateLink(await airportPublicUrl(tx, by.publicUrl), token), amountCents));
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
 * payments' card engine with the wait-list plug-in (`joinPayable`): a pending attempt with the
 * server's amount and the form, the provider outside any transaction, then one transaction writes
 * the applicant (Paid). A decline stores no applicant; the same key again answers the first
 * result (one applicant).
 */
export async function joinWaitlist(engine: CardEngine, request: JoinRequest): Promise<TWaitlistJoined> {
  const form = await checkedForm(engine.db, request.user, request.input);
  const amountCents = await waitlistChargeCents(engine.db);
  if (amountCents <= 0) {
    const author = { actor: request.actor, createdBy: request.user?.id ?? null, publicUrl: request.publicUrl };
    const row = await engine.db.transaction((tx) => addApplicant(tx, author, form, 'Unpaid', 0));
    return joined(row, 0);
  }
  if (!request.input.sourceId) throw fieldError('sourceId', 'Card details are required');
  if (!request.idempotencyKey) throw fieldError('idempotencyKey', PAYMENT_MESSAGES.idempotencyRequired);
  const order: JoinOrder = { form, amountCents };
  const paid = await engine.pay(request.actor, { purpose: 'waitlist', order, sourceToken: request.input.sourceId, idempotencyKey: request.idempotencyKey, createdBy: request.user?.id ?? null });
  return joined({ id: paid.resultId, status: 'Paid' }, paid.amountCents);
}

/** A paid join: the checked form and WAITLIST_CHARGE as read for this request. */
export interface JoinOrder {
  form: JoinForm;
  amountCents: number;
}

const JOIN_REFUND = 'You could not be added to the wait list; the card charge';

/**
 * The wait-list plug-in of payments' card engine: a join is a record that does not exist yet
 * (nothing to lock, nothing taken meanwhile); on approval the applicant (Paid), its audit entry,
 * event and e-mail with the private link are written in the engine's transaction.
 */
export function joinPayable(publicUrl: string): CardPayable<JoinOrder> {
  return {
    async open(_tx, order) {
      return { note: 'Wait list', isSameOrder: () => true, price: async () => ({ amountCents: order.amountCents, subject: order.form }) };
    },
    async fulfil(tx, actor, attempt) {
      const row = await addApplicant(tx, { actor, publicUrl, createdBy: attempt.createdBy }, attempt.subject as JoinForm, 'Paid', attempt.amountCents);
      return { resultId: row.id, paymentId: null };
    },
    refundMessages: {
      refunded: `${JOIN_REFUND} was refunded.`,
      refunding: `${JOIN_REFUND} is being refunded.`,
      review: `${JOIN_REFUND} will be refunded by our staff.`,
      reason: 'The wait-list join could not be completed.',
    },
  };
}
