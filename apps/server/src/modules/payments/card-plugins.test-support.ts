import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TInvoice } from '@apron/core';
import { anonymous, type Caller, type TestApp } from '../../../test/helpers';
import { buildInvoice } from '../invoices/billing.test-support';
import { setSystemSetting } from '../settings/settings.test-support';
import { tiedownRequests } from '../tiedowns/tiedowns.table';
import { waitlistApplicants } from '../waitlist/waitlist.table';
import type { CardPurpose } from './card-attempts.table';
import { payments } from './payments.table';

/**
 * One thing to pay for by card, for the engine's fault tests run once per plug-in: the order the
 * plug-in takes, the public API call that pays for it, and what a client or the database shows.
 */
export interface CardCase {
  order: unknown;
  amountCents: number;
  /** The API call of this purpose (its own route, body and answer), with an Idempotency-Key. */
  pay(key: string, card: string): Promise<LightMyRequestResponse>;
  /** The id the client is shown for what it bought (receipt, parking request, applicant). */
  resultIdOf(answer: LightMyRequestResponse): string;
  /** How many of it exist (0 or 1): payments of the invoice, requests of the aircraft, applicants of the e-mail. */
  bought(): Promise<number>;
}

export interface CardPlugin {
  purpose: CardPurpose;
  /** The status of a paid answer (Pay Online 200; the public forms 201). */
  okStatus: number;
  next(): Promise<CardCase>;
}

/** Numbers for one plug-in's cases; each public request from its own address (the forms' rate limit is not what is tested). */
function counter(network: number) {
  let n = 0;
  return { next: () => ++n, address: () => `10.${network}.${Math.floor(++n / 200)}.${(n % 200) + 1}` };
}

export function invoicePlugin(t: TestApp, admin: Caller, tenant: Caller, companyId: string): CardPlugin {
  return {
    purpose: 'invoice',
    okStatus: 200,
    async next() {
      const invoice: TInvoice = await buildInvoice(admin, companyId);
      const lineIds = [invoice.lineItems[0]!._id];
      return {
        order: { invoiceId: invoice._id, scope: companyId, lineIds },
        amountCents: 5100,
        pay: (key, card) => tenant.request({ method: 'POST', url: `/api/Invoices/Pay/${invoice._id}`, payload: { lineIds, sourceToken: card }, headers: { 'idempotency-key': key } }),
        resultIdOf: (answer) => answer.json().receipt._id,
        bought: async () => (await t.db.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, invoice._id))).length,
      };
    },
  };
}

export async function tiedownPlugin(t: TestApp): Promise<CardPlugin> {
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'TIEDOWN_PAYMENT', 'yes'));
  const visitor = await anonymous(t);
  const serial = counter(77);
  return {
    purpose: 'tiedown',
    okStatus: 201,
    async next() {
      const airCraftNum = `N${serial.next()}CP`;
      const form = {
        firstName: 'Amelia', lastName: 'Earhart', phone: '5551234567', email: 'amelia@example.test', beginDate: '2026-12-01', endDate: '2026-12-04',
        airCraftType: 'Medium Jet 2', airCraftNum, vehicleNum: '',
      };
      const quote = (await visitor({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Medium%20Jet%202&beginDate=2026-12-01&endDate=2026-12-04' })).json();
      const amountCents = Math.round(quote.amount * 100);
      return {
        order: { form, nights: quote.nights, rateCents: Math.round(quote.rate * 100), amountCents },
        amountCents,
        pay: (key, card) => visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: { ...form, sourceId: card }, headers: { 'idempotency-key': key }, remoteAddress: serial.address() }),
        resultIdOf: (answer) => answer.json().tiedown._id,
        bought: async () => (await t.db.select({ id: tiedownRequests.id }).from(tiedownRequests).where(eq(tiedownRequests.aircraftNum, airCraftNum))).length,
      };
    },
  };
}

export async function waitlistPlugin(t: TestApp, admin: Caller): Promise<CardPlugin> {
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '40'));
  const hangar = (await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Engine Hangar' } })).json()._id as string;
  const visitor = await anonymous(t);
  const serial = counter(78);
  return {
    purpose: 'waitlist',
    okStatus: 201,
    async next() {
      const email = `engine${serial.next()}@example.test`;
      const form = { propertyType: hangar, aircrafttype: 'Cessna 172', firstName: 'Pat', lastName: 'Engine', phone: '7755550123', email, organization: 'Engines Inc' };
      return {
        order: { form, amountCents: 4000 },
        amountCents: 4000,
        pay: (key, card) => visitor({ method: 'POST', url: '/api/WaitList/Join', payload: { ...form, sourceId: card }, headers: { 'idempotency-key': key }, remoteAddress: serial.address() }),
        resultIdOf: (answer) => answer.json()._id,
        bought: async () => (await t.db.select({ id: waitlistApplicants.id }).from(waitlistApplicants).where(eq(waitlistApplicants.email, email))).length,
      };
    },
  };
}

/** The engine's job, for other modules' tests of their plug-in (a crash left an attempt pending). */
export { reconcileCardAttempts } from './card-payments';
