import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAID_BY_BALANCE, type TInvoice } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { TestPaymentProvider } from '../../platform/payments/index';
import { addCredit, buildCompany, buildInvoice, moneyKey, superAdmin } from '../invoices/billing.test-support';
import { CARD_MESSAGES, beginCardAttempt, chargeCardAttempt, finishCardAttempt, reconcileCardAttempts, refundCardAttempt } from './card-payments';
import { cardAttempts } from './card-attempts.table';
import { payments } from './payments.table';

/**
 * Card payments in three steps (issue 10 item 6): pending attempt -> provider call outside any
 * transaction -> finalise. A "crash" below is the steps of a request run up to a point and no
 * further, as a process that died there would leave them.
 */
let t: TestApp;
let admin: Caller;
let tenant: Caller;
let company: { _id: string };
let provider: TestPaymentProvider;
const APPROVE = 'test:4242 4242 4242 4242';
const DECLINE = 'test:4000 0000 0000 0002';
let counter = 0;
const newKey = () => `attempt-${Date.now()}-${++counter}`;
const actor = { user: null };

beforeAll(async () => {
  t = await createTestApp();
  provider = t.app.paymentProvider as TestPaymentProvider;
  admin = await superAdmin(t);
  company = await buildCompany(admin);
  tenant = await signIn(t, { isInternal: false, companyId: company._id });
});
afterAll(async () => t?.close());

const pay = (invoice: TInvoice, lineIds: string[], key: string, sourceToken = APPROVE) =>
  tenant.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds, sourceToken }, headers: { 'idempotency-key': key } });
const attemptOf = async (key: string) => (await t.db.select().from(cardAttempts).where(eq(cardAttempts.idempotencyKey, key)))[0];
const readInvoice = async (invoice: TInvoice) => (await tenant.request({ method: 'GET', url: `/api/Invoices/${invoice._id}` })).json() as TInvoice;

describe('card payment attempts', () => {
  it('a decline leaves nothing but the declined attempt; the same key answers the same decline without calling the provider', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const key = newKey();
    const first = await pay(invoice, [invoice.lineItems[0]!._id], key, DECLINE);
    expect(first.statusCode).toBe(422);
    const calls = provider.calls;
    const again = await pay(invoice, [invoice.lineItems[0]!._id], key, APPROVE);
    expect([again.statusCode, again.json().message]).toEqual([422, first.json().message]);
    expect(provider.calls).toBe(calls);
    expect(await attemptOf(key)).toMatchObject({ status: 'declined', amountCents: 5100, paymentId: null });
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoice._id))).toHaveLength(0);
    expect(await readInvoice(invoice)).toMatchObject({ amountPaid: 0, status: 'Created' });
  });

  it('a crash after the provider approved is finished by the job; the client\'s retry gets the same receipt', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const key = newKey();
    const request = { invoiceId: invoice._id, scope: company._id, lineIds: invoice.lineItems.map((l) => l._id), sourceToken: APPROVE, idempotencyKey: key };
    const begun = await beginCardAttempt(t.db, provider, actor, request);
    if (begun.kind !== 'charge') throw new Error('expected a new attempt');
    expect((await chargeCardAttempt(provider, begun.attempt, APPROVE, begun.note))?.status).toBe('approved');
    // ... and the process dies here: the money is taken, the invoice does not know yet.
    expect(await readInvoice(invoice)).toMatchObject({ amountPaid: 0 });
    expect((await reconcileCardAttempts(t.db, provider, 3600)).paymentIds).toEqual([]); // not stale yet
    const run = await reconcileCardAttempts(t.db, provider, 0);
    expect(run.paymentIds).toHaveLength(1);
    expect(await readInvoice(invoice)).toMatchObject({ status: 'Paid', amountPaid: 151 });
    expect(await attemptOf(key)).toMatchObject({ status: 'paid', paymentId: run.paymentIds[0] });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `payment:${run.paymentIds[0]}`))).toHaveLength(1);
    const charges = provider.charges.length;
    const retry = await pay(invoice, request.lineIds, key);
    expect([retry.statusCode, retry.json().receipt._id]).toEqual([200, run.paymentIds[0]]);
    expect(provider.charges.length).toBe(charges);
    expect((await reconcileCardAttempts(t.db, provider, 0)).paymentIds).toEqual([]);
  });

  it('a crash before the provider was called is voided by the job; the same key can then pay', async () => {
    const invoice = await buildInvoice(admin, company._id);
    const key = newKey();
    await beginCardAttempt(t.db, provider, actor, { invoiceId: invoice._id, scope: null, lineIds: [invoice.lineItems[0]!._id], sourceToken: APPROVE, idempotencyKey: key });
    expect((await reconcileCardAttempts(t.db, provider, 0)).voided).toBe(1);
    expect(await attemptOf(key)).toMatchObject({ status: 'void' });
    const retry = await pay(invoice, [invoice.lineItems[0]!._id], key);
    expect(retry.statusCode).toBe(200);
    expect(await attemptOf(key)).toMatchObject({ status: 'paid', paymentId: retry.json().receipt._id });
  });

  /** A card attempt charged while the tenant paid the same line from the balance: its finish asks for a refund. */
  async function chargeWhilePaidFromBalance() {
    const invoice = await buildInvoice(admin, company._id);
    const line = invoice.lineItems[0]!;
    const key = newKey();
    const begun = await beginCardAttempt(t.db, provider, actor, { invoiceId: invoice._id, scope: company._id, lineIds: [line._id], sourceToken: APPROVE, idempotencyKey: key });
    if (begun.kind !== 'charge') throw new Error('expected a new attempt');
    // While the card attempt is in flight, the tenant pays the same line from the balance.
    await addCredit(admin, company._id, 100);
    const byBalance = await tenant.request({ method: 'POST', url: '/api/Company/UpdateInvoiceItems', headers: { 'idempotency-key': moneyKey() }, payload: { [invoice._id]: [line._id] } });
    expect(byBalance.statusCode).toBe(200);
    const result = await chargeCardAttempt(provider, begun.attempt, APPROVE, begun.note);
    const done = await finishCardAttempt(t.db, actor, begun.attempt, result!);
    return { invoice, line, key, result, done };
  }

  it('no lock is held while the provider is called: a line paid from balance meanwhile gets the charge refunded', async () => {
    const { invoice, line, key, result, done } = await chargeWhilePaidFromBalance();
    expect(done.kind).toBe('refund');
    if (done.kind !== 'refund') return;
    expect(await refundCardAttempt(t.db, provider, done.attempt)).toBe('refunded');
    expect(provider.refunds.filter((r) => r.idempotencyKey === key)).toEqual([{ idempotencyKey: key, reference: result!.reference, amountCents: 5100 }]);
    expect(await attemptOf(key)).toMatchObject({ status: 'refunded', paymentId: null });
    expect(await t.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toHaveLength(0);
    expect((await readInvoice(invoice)).lineItems.find((l) => l._id === line._id)).toMatchObject({ isPaid: true, receiptId: PAID_BY_BALANCE });
    const retry = await pay(invoice, [line._id], key);
    expect([retry.statusCode, retry.json().message]).toEqual([409, CARD_MESSAGES.refunded]);
  });

  it('the same key while the automatic refund runs is told it is being refunded, then that it was refunded; staff only when the refund failed', async () => {
    const { invoice, line, key, done } = await chargeWhilePaidFromBalance();
    if (done.kind !== 'refund') throw new Error('expected a refund');
    // The refund has not been made yet: the duplicate click is told what is happening now.
    const whileRefunding = await pay(invoice, [line._id], key);
    expect([whileRefunding.statusCode, whileRefunding.json().message]).toEqual([409, CARD_MESSAGES.refunding]);
    expect(CARD_MESSAGES.refunding).toBe('A selected line was paid meanwhile; the card charge is being refunded.');
    expect(await refundCardAttempt(t.db, provider, done.attempt)).toBe('refunded');
    const afterRefund = await pay(invoice, [line._id], key);
    expect([afterRefund.statusCode, afterRefund.json().message]).toEqual([409, CARD_MESSAGES.refunded]);
    // A refund the provider refused is left for staff, and only then does the answer say so.
    await t.db.update(cardAttempts).set({ status: 'review' }).where(eq(cardAttempts.idempotencyKey, key));
    const forStaff = await pay(invoice, [line._id], key);
    expect([forStaff.statusCode, forStaff.json().message]).toEqual([409, CARD_MESSAGES.review]);
  });
});
