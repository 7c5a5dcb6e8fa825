import { eq } from 'drizzle-orm';
import { fromCents, formatMoney, readSetting, toCents, type TSessionUser } from '@apron/core';
import {
  TIEDOWN_MESSAGES, parkingFeeCents, parkingFeeExplanation, parkingNights, stayRangeError, type TTiedownCreate, type TTiedownQuote,
} from '@apron/core/tiedowns';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { loadSystemSettings } from '../settings/index';
import { auditTiedown } from './tiedowns.presenter';
import { queueTiedownConfirmation } from './tiedowns.mail';
import * as repo from './tiedowns.repo';
import { tiedownRates, tiedownRequests, type TiedownRequestRow } from './tiedowns.table';
import { publishTiedownEvent } from './tiedown-events';

/** The stored form (never the card token or the honeypot). */
export type TiedownForm = Omit<TTiedownCreate, 'website' | 'sourceId'>;

export interface Quote {
  rateCents: number;
  nights: number;
  /** What is charged: rate x nights when TIEDOWN_PAYMENT is on, else 0. */
  amountCents: number;
  paymentRequired: boolean;
}

/** The settings the parking form and its quote follow: TIEDOWN_PAYMENT and TIEDOWN_MAX_NIGHTS. */
export async function parkingSettings(db: DbOrTx): Promise<{ paymentRequired: boolean; maxNights: number }> {
  const values = await loadSystemSettings(db, ['TIEDOWN_PAYMENT', 'TIEDOWN_MAX_NIGHTS']);
  return { paymentRequired: readSetting(values, 'TIEDOWN_PAYMENT'), maxNights: readSetting(values, 'TIEDOWN_MAX_NIGHTS') };
}

/**
 * The server's figure (PRODUCT-RULES 1, 8, 9): the type's rate from the table x calendar nights,
 * for a stay of at most TIEDOWN_MAX_NIGHTS (a stay to 2099 was a $799,890 fee).
 */
export async function quote(db: DbOrTx, input: { airCraftType: string; beginDate: string; endDate: string }): Promise<Quote> {
  const rateCents = await repo.findRateCents(db, input.airCraftType);
  if (rateCents === null) throw fieldError('airCraftType', TIEDOWN_MESSAGES.unknownType);
  const { paymentRequired, maxNights } = await parkingSettings(db);
  const rangeError = stayRangeError(input.beginDate, input.endDate, maxNights);
  const nights = parkingNights(input.beginDate, input.endDate);
  if (rangeError || nights === null) throw fieldError('endDate', rangeError ?? TIEDOWN_MESSAGES.departureAfterArrival);
  return { rateCents, nights, amountCents: paymentRequired ? parkingFeeCents(rateCents, nights) : 0, paymentRequired };
}

export function presentQuote(type: string, q: Quote): TTiedownQuote {
  const fee = parkingFeeCents(q.rateCents, q.nights);
  return {
    airCraftType: type,
    rate: fromCents(q.rateCents),
    nights: q.nights,
    amount: fromCents(q.amountCents),
    explanation: parkingFeeExplanation(type, formatMoney(q.rateCents), q.nights, formatMoney(fee)),
    paymentRequired: q.paymentRequired,
  };
}

export function formOf(input: TTiedownCreate): TiedownForm {
  const { website: _w, sourceId: _s, ...form } = input;
  return form;
}

export interface NewRequest {
  form: TiedownForm;
  nights: number;
  rateCents: number;
  amountCents: number;
  invoiceId: string | null;
  paymentId: string | null;
  idempotencyKey: string | null;
  createdBy: string | null;
}

/** Write the request and its audit entry in the caller's transaction. */
export async function insertRequest(tx: Tx, actor: AuditActor, request: NewRequest): Promise<TiedownRequestRow> {
  const { form } = request;
  const [row] = await tx
    .insert(tiedownRequests)
    .values({
      firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone, beginDate: form.beginDate, endDate: form.endDate,
      aircraftType: form.airCraftType, aircraftNum: form.airCraftNum, vehicleNum: form.vehicleNum, nights: request.nights, rateCents: request.rateCents,
      amountCents: request.amountCents, invoiceId: request.invoiceId, paymentId: request.paymentId, idempotencyKey: request.idempotencyKey, createdBy: request.createdBy,
    })
    .returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'tiedownRequest', entityId: row!.id, after: auditTiedown(row!) });
  await publishTiedownEvent(tx, row!, 'Created');
  return row!;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * TIEDOWN_PAYMENT off: Submit stores the request with amount 0 and no charge, no invoice. The
 * same Idempotency-Key again (a double click) answers the first request.
 */
export async function createFreeRequest(db: Db, user: TSessionUser | null, actor: AuditActor, form: TiedownForm, q: Quote, key: string | null): Promise<TiedownRequestRow> {
  if (key) {
    const first = await repo.findTiedownByKey(db, key);
    if (first) return first;
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await insertRequest(tx, actor, { form, nights: q.nights, rateCents: q.rateCents, amountCents: 0, invoiceId: null, paymentId: null, idempotencyKey: key, createdBy: user?.id ?? null });
      await queueTiedownConfirmation(tx, row, null);
      return row;
    });
  } catch (error) {
    // Two clicks raced past the first look: the other one stored it.
    if (key && isUniqueViolation(error)) {
      const first = await repo.findTiedownByKey(db, key);
      if (first) return first;
    }
    throw error;
  }
}

/** Staff assign the space (spec doc 1 §3 `space`). */
export async function assignSpace(tx: Tx, actor: AuditActor, id: string, space: string): Promise<TiedownRequestRow> {
  const before = await repo.findTiedown(tx, id, null, true);
  if (!before) throw notFound(TIEDOWN_MESSAGES.notFound);
  const [after] = await tx.update(tiedownRequests).set({ space, updatedAt: new Date() }).where(eq(tiedownRequests.id, id)).returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'tiedownRequest', entityId: id, before: { space: before.space }, after: { space } });
  await publishTiedownEvent(tx, after!, 'Updated');
  return after!;
}

/** Settings admins change a type's nightly rate; the list of types is fixed (doc 2 §9). */
export async function updateRate(tx: Tx, actor: AuditActor, type: string, rate: number) {
  const [before] = await tx.select().from(tiedownRates).where(eq(tiedownRates.aircraftType, type)).for('update');
  if (!before) throw notFound(TIEDOWN_MESSAGES.unknownType);
  const [after] = await tx.update(tiedownRates).set({ rateCents: toCents(rate), updatedBy: actor.user?.id ?? null, updatedAt: new Date() }).where(eq(tiedownRates.aircraftType, type)).returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'tiedownRate', entityId: type, before: { rateCents: before.rateCents }, after: { rateCents: after!.rateCents } });
  return after!;
}
