import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAID_BY_BALANCE, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { TestPaymentProvider } from '../../platform/payments/index';
import { addCredit, buildCompany, buildInvoice, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { cardAttempts, type CardPurpose } from './card-attempts.table';
import type { CardEngine } from './card-payable';
import { beginCardAttempt, chargeCardAttempt, finishCardAttempt, reconcileCardAttempts, refundCardAttempt } from './card-payments';
import { invoicePlugin, tiedownPlugin, waitlistPlugin, type CardPlugin } from './card-plugins.test-support';
import { CARD_MESSAGES } from './invoice-payable';
import { payments } from './payments.table';

/**
 * The one card-payment engine (issue 21 item 1), its faults run once per plug-in: pending attempt
 * -> provider call outside any transaction -> finalise. A "crash" below is the steps of a request
 * run up to a point and no further, as a process that died there would leave them. On PostgreSQL
 * with DATABASE_URL.
 */
let t: TestApp;
let admin: Caller;
let tenant: Caller;
let company: { _id: string };
let provider: TestPaymentProvider;
let engine: CardEngine;
const plugins = new Map<CardPurpose, CardPlugin>();
const APPROVE = 'test:4242 4242 4242 4242';
const DECLINE = 'test:4000 0000 0000 0002';
let counter = 0;
const newKey = () => `engine-${Date.now()}-${++counter}`;
const actor = { user: null };

beforeAll(async () => {
  t = await createTestApp();
  provider = t.app.paymentProvider as TestPaymentProvider;
  engine = t.app.cardPayments;
  admin = await superAdmin(t);
  company = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
  plugins.set('invoice', invoicePlugin(t, admin, tenant, company._id));
  plugins.set('tiedown', await tiedownPlugin(t));
  plugins.set('waitlist', await waitlistPlugin(t, admin));
});
afterAll(async () => t?.close());

const attemptOf = async (purpose: CardPurpose, key: string) =>
  (await t.db.select().from(cardAttempts).where(and(eq(cardAttempts.purpose, purpose), eq(cardAttempts.idempotencyKey, key))))[0];

describe.each(['invoice', 'tiedown', 'waitlist'] as const)('card payments for %s', (purpose) => {
  const plugin = () => plugins.get(purpose)!;
  /** A crash after step (a): the attempt is pending, the provider was not called. */
  const begin = async (order: unknown, key: string) => {
    const begun = await beginCardAttempt(engine, { purpose, order, sourceToken: APPROVE, idempotencyKey: key, createdBy: null });
    if (begun.kind !== 'charge') throw new Error('expected a new attempt');
    return begun;
  };

  it('a decline leaves nothing but the declined attempt; the same key answers the same decline without calling the provider', async () => {
    const thing = await plugin().next();
    const key = newKey();
    const first = await thing.pay(key, DECLINE);
    expect(first.statusCode).toBe(422);
    const calls = provider.calls;
    const again = await thing.pay(key, APPROVE);
    expect([again.statusCode, again.json().message]).toEqual([422, first.json().message]);
    expect(provider.calls).toBe(calls);
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'declined', amountCents: thing.amountCents, resultId: null, paymentId: null });
    expect(await thing.bought()).toBe(0);
  });

  it('the same key twice, one after the other and at once: one charge, one thing bought, the first answer every time', async () => {
    const thing = await plugin().next();
    const key = newKey();
    const first = await thing.pay(key, APPROVE);
    expect(first.statusCode).toBe(plugin().okStatus);
    const more = [await thing.pay(key, APPROVE), ...(await Promise.all([thing.pay(key, APPROVE), thing.pay(key, APPROVE)]))];
    for (const answer of more) expect([answer.statusCode, thing.resultIdOf(answer)]).toEqual([plugin().okStatus, thing.resultIdOf(first)]);
    expect(provider.charges.filter((c) => c.idempotencyKey === key)).toEqual([expect.objectContaining({ amountCents: thing.amountCents })]);
    expect(await thing.bought()).toBe(1);
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'paid', resultId: thing.resultIdOf(first) });
  });

  it("a crash after the provider approved is finished by the job; the client's retry gets the same answer", async () => {
    const thing = await plugin().next();
    const key = newKey();
    const begun = await begin(thing.order, key);
    expect((await chargeCardAttempt(engine, begun.attempt, APPROVE, begun.note))?.status).toBe('approved');
    // ... and the process dies here: the money is taken, nothing is bought yet.
    expect(await thing.bought()).toBe(0);
    expect((await reconcileCardAttempts(engine, 3600)).paid).toEqual([]); // not stale yet
    const run = await reconcileCardAttempts(engine, 0);
    expect(run.paid).toEqual([expect.objectContaining({ purpose, amountCents: thing.amountCents })]);
    expect(await thing.bought()).toBe(1);
    const charges = provider.charges.length;
    const retry = await thing.pay(key, APPROVE);
    expect([retry.statusCode, thing.resultIdOf(retry)]).toEqual([plugin().okStatus, run.paid[0]!.resultId]);
    expect(provider.charges.length).toBe(charges);
    expect((await reconcileCardAttempts(engine, 0)).paid).toEqual([]);
  });

  it('a crash before the provider was called is voided by the job; the same key can then pay', async () => {
    const thing = await plugin().next();
    const key = newKey();
    await begin(thing.order, key);
    expect((await reconcileCardAttempts(engine, 0)).voided).toBe(1);
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'void' });
    const retry = await thing.pay(key, APPROVE);
    expect(retry.statusCode).toBe(plugin().okStatus);
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'paid', resultId: thing.resultIdOf(retry) });
    expect(await thing.bought()).toBe(1);
  });

  /** The job voided the attempt (no charge yet) and then the slow request's charge was approved: what it paid for is gone. */
  async function approvedAfterVoid() {
    const thing = await plugin().next();
    const key = newKey();
    const begun = await begin(thing.order, key);
    expect((await reconcileCardAttempts(engine, 0)).voided).toBe(1);
    const result = await chargeCardAttempt(engine, begun.attempt, APPROVE, begun.note);
    const done = await finishCardAttempt(engine, actor, begun.attempt, result!);
    if (done.kind !== 'refund') throw new Error(`expected a refund, got ${done.kind}`);
    return { thing, key, result: result!, due: done.attempt };
  }

  it('taken meanwhile: the charge is refunded (by the job when the request died), and the key is told so at each stage', async () => {
    const { thing, key, result } = await approvedAfterVoid();
    const whileRefunding = await thing.pay(key, APPROVE);
    expect(whileRefunding.statusCode).toBe(409);
    expect(whileRefunding.json().message).toMatch(/is being refunded/);
    expect((await reconcileCardAttempts(engine, 0)).refunded).toBe(1);
    expect(provider.refunds.filter((r) => r.idempotencyKey === key)).toEqual([{ idempotencyKey: key, reference: result.reference, amountCents: thing.amountCents }]);
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'refunded', resultId: null, paymentId: null });
    const afterRefund = await thing.pay(key, APPROVE);
    expect([afterRefund.statusCode, afterRefund.json().message]).toEqual([409, expect.stringMatching(/was refunded/)]);
    expect(await thing.bought()).toBe(0);
  });

  it('a refund the provider refuses is left for staff (review), and only then does the answer say so', async () => {
    const { thing, key, due } = await approvedAfterVoid();
    expect(await refundCardAttempt(engine, { ...due, providerRef: 'no-such-charge' })).toBe('review');
    expect(await attemptOf(purpose, key)).toMatchObject({ status: 'review' });
    const forStaff = await thing.pay(key, APPROVE);
    expect([forStaff.statusCode, forStaff.json().message]).toEqual([409, expect.stringMatching(/refunded by our staff/)]);
    expect((await reconcileCardAttempts(engine, 0)).refunded).toBe(0); // staff's now, not the job's
    expect(await thing.bought()).toBe(0);
  });
});

describe('invoice lines paid from the balance while the card charge is in flight', () => {
  const readInvoice = async (invoice: TInvoice) => (await tenant.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;
  const pay = (invoice: TInvoice, lineIds: string[], key: string) =>
    tenant.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds, sourceToken: APPROVE }, headers: { 'idempotency-key': key } });

  it('no lock is held while the provider is called: the charge is refunded and the line stays paid by balance', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const line = invoice.lineItems[0]!;
    const key = newKey();
    const begun = await beginCardAttempt(engine, { purpose: 'invoice', order: { invoiceId: invoice._id, scope: company._id, lineIds: [line._id] }, sourceToken: APPROVE, idempotencyKey: key, createdBy: null });
    if (begun.kind !== 'charge') throw new Error('expected a new attempt');
    await addCredit(admin, company._id, 100);
    const byBalance = await tenant.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [invoice._id]: [line._id] } });
    expect(byBalance.statusCode).toBe(200);
    const result = await chargeCardAttempt(engine, begun.attempt, APPROVE, begun.note);
    const done = await finishCardAttempt(engine, actor, begun.attempt, result!);
    if (done.kind !== 'refund') throw new Error('expected a refund');
    const whileRefunding = await pay(invoice, [line._id], key);
    expect([whileRefunding.statusCode, whileRefunding.json().message]).toEqual([409, CARD_MESSAGES.refunding]);
    expect(await refundCardAttempt(engine, done.attempt)).toBe('refunded');
    expect(provider.refunds.filter((r) => r.idempotencyKey === key)).toEqual([{ idempotencyKey: key, reference: result!.reference, amountCents: 5100 }]);
    expect(await t.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toHaveLength(0);
    expect((await readInvoice(invoice)).lineItems.find((l) => l._id === line._id)).toMatchObject({ isPaid: true, receiptId: PAID_BY_BALANCE });
    const retry = await pay(invoice, [line._id], key);
    expect([retry.statusCode, retry.json().message]).toEqual([409, CARD_MESSAGES.refunded]);
  });

  it("the job's finished payment gets the receipt e-mail, as a request's would", async () => {
    const invoice = await buildInvoice(admin, company._id);
    const key = newKey();
    const begun = await beginCardAttempt(engine, { purpose: 'invoice', order: { invoiceId: invoice._id, scope: null, lineIds: invoice.lineItems.map((l) => l._id) }, sourceToken: APPROVE, idempotencyKey: key, createdBy: null });
    if (begun.kind !== 'charge') throw new Error('expected a new attempt');
    await chargeCardAttempt(engine, begun.attempt, APPROVE, begun.note);
    const run = await reconcileCardAttempts(engine, 0);
    expect(await readInvoice(invoice)).toMatchObject({ status: 'Paid', amountPaid: 151 });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `payment:${run.paid[0]!.paymentId}`))).toHaveLength(1);
  });
});

describe('the reconcile job', () => {
  it('an attempt it cannot finish is reported and left pending; the ones after it are still finished', async () => {
    const { order } = await plugins.get('waitlist')!.next();
    const { form } = order as { form: Record<string, unknown> };
    const [broken, fine] = [newKey(), newKey()];
    for (const key of [broken, fine]) await provider.charge({ amountCents: 4000, sourceToken: APPROVE, idempotencyKey: key });
    const older = new Date(Date.now() - 700_000);
    const old = new Date(Date.now() - 600_000);
    const [stuck] = await t.db
      .insert(cardAttempts)
      .values([
        // Its property type is gone: the applicant cannot be written.
        { purpose: 'waitlist', idempotencyKey: broken, subject: { ...form, propertyType: '00000000-0000-4000-8000-000000000000' }, amountCents: 4000, provider: 'test', createdAt: older, updatedAt: older },
        { purpose: 'waitlist', idempotencyKey: fine, subject: form, amountCents: 4000, provider: 'test', createdAt: old, updatedAt: old },
      ])
      .returning();
    const run = await reconcileCardAttempts(engine, 0);
    expect(run.stuck).toEqual([{ attemptId: stuck!.id, error: expect.any(String) }]);
    expect(run.paid).toEqual([expect.objectContaining({ purpose: 'waitlist', amountCents: 4000 })]);
    expect(await attemptOf('waitlist', broken)).toMatchObject({ status: 'pending', resultId: null });
    expect(await attemptOf('waitlist', fine)).toMatchObject({ status: 'paid', resultId: run.paid[0]!.resultId });
  });
});
