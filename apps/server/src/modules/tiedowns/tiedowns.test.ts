import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TTiedown, TTiedownCreated, TTiedownDetail } from '@apron/core/tiedowns';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { domainEvents } from '../../platform/events/events.table';
import { mailOutbox } from '../../platform/mail/mail.table';
import { TestPaymentProvider } from '../../platform/payments/index';
import { parkingRequestsByAircraftType } from './index';
import { cardAttempts } from '../payments/card-attempts.table';
import { reconcileCardAttempts } from '../payments/card-plugins.test-support';
import { tiedownRequests } from './tiedowns.table';

let t: TestApp;
let admin: Caller;
let staff: Caller;
let settingsAdmin: Caller;
let noModule: Caller;
let pilot: Caller;
let provider: TestPaymentProvider;
let keyCounter = 0;
const newKey = () => `tiedown-key-${Date.now()}-${++keyCounter}`;
const APPROVE = 'test:4242424242424242';
const DECLINE = 'test:4000000000000002';

const form = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Amelia', lastName: 'Earhart', phone: '5551234567', email: 'amelia@example.test', beginDate: '2026-12-01', endDate: '2026-12-04',
  airCraftType: 'Medium Jet 2', airCraftNum: 'N123AB', vehicleNum: '', ...extra,
});

async function setSetting(name: string, value: string) {
  const list = await admin.request({ method: 'GET', url: `/api/Crud/systemSettings?q=${name}` });
  const row = (list.json() as Array<{ _id: string; name: string }>).find((r) => r.name === name)!;
  const res = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${row._id}`, payload: { name, value } });
  expect(res.statusCode).toBe(200);
}
const setPayment = (on: boolean) => setSetting('TIEDOWN_PAYMENT', on ? 'yes' : 'no');

const countRequests = async () => (await t.db.select({ id: tiedownRequests.id }).from(tiedownRequests)).length;

beforeAll(async () => {
  t = await createTestApp();
  provider = t.app.paymentProvider as TestPaymentProvider;
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  staff = await signIn(t, { modules: ['Tiedown'] });
  settingsAdmin = await signIn(t, { modules: ['Settings'], isAdmin: true });
  noModule = await signIn(t, { modules: ['Invoices'] });
  pilot = await signIn(t, { isInternal: false, email: 'pilot@example.test' });
});
afterAll(async () => t?.close());

describe('the public form: GET TieDown/Form and Quote', () => {
  it('offers the six types with the rate table and quotes rate x nights', async () => {
    const visitor = await anonymous(t);
    const info = (await visitor({ method: 'GET', url: '/api/TieDown/Form' })).json();
    expect(info.rates.map((r: { airCraftType: string; rate: number }) => [r.airCraftType, r.rate])).toEqual([
      ['Single and Multi-Engine Piston', 30], ['Multi-Engine Turboprop', 80], ['Small Jet', 30], ['Medium Jet 1', 30], ['Medium Jet 2', 50], ['Large Jet', 80],
    ]);
    expect(info.paymentRequired).toBe(false);
    await setPayment(true);
    const quote = await visitor({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Medium%20Jet%202&beginDate=2026-12-01&endDate=2026-12-04' });
    expect(quote.json()).toMatchObject({ rate: 50, nights: 3, amount: 150, paymentRequired: true, explanation: 'Medium Jet 2: $50.00 per night × 3 nights = $150.00' });
    const same = await visitor({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Small%20Jet&beginDate=2026-12-01&endDate=2026-12-01' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ endDate: 'Departure must be after arrival' });
    const unknown = await visitor({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Zeppelin&beginDate=2026-12-01&endDate=2026-12-02' });
    expect(unknown.json().errors).toEqual({ airCraftType: 'Aircraft Type is not valid' });
    await setPayment(false);
  });
});

describe('a stay is at most TIEDOWN_MAX_NIGHTS nights (a System Setting, default 90)', () => {
  const quoteOf = (visitor: Caller['request'], endDate: string) =>
    visitor({ method: 'GET', url: `/api/TieDown/Quote?airCraftType=Small%20Jet&beginDate=2026-12-01&endDate=${endDate}` });

  it('the form is told the limit; a stay to 2099 is refused by the quote and the request, 90 nights are accepted', async () => {
    const visitor = await anonymous(t);
    expect((await visitor({ method: 'GET', url: '/api/TieDown/Form' })).json().maxNights).toBe(90);
    const to2099 = await quoteOf(visitor, '2099-12-31');
    expect(to2099.statusCode).toBe(400);
    expect(to2099.json().errors).toEqual({ endDate: 'A stay can be at most 90 nights.' });
    const before = await countRequests();
    const refused = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ endDate: '2027-03-02' }), remoteAddress: '10.7.0.1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ endDate: 'A stay can be at most 90 nights.' });
    expect(await countRequests()).toBe(before);
    const ninety = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ endDate: '2027-03-01' }), remoteAddress: '10.7.0.1' });
    expect(ninety.statusCode).toBe(201);
    expect(ninety.json().tiedown.nights).toBe(90);
  });

  it('Settings admins change the limit; the form, the quote and the message follow', async () => {
    const visitor = await anonymous(t);
    await setSetting('TIEDOWN_MAX_NIGHTS', '120');
    try {
      expect((await visitor({ method: 'GET', url: '/api/TieDown/Form' })).json().maxNights).toBe(120);
      expect((await quoteOf(visitor, '2027-03-31')).json().nights).toBe(120);
      expect((await quoteOf(visitor, '2027-04-01')).json().errors).toEqual({ endDate: 'A stay can be at most 120 nights.' });
    } finally {
      await setSetting('TIEDOWN_MAX_NIGHTS', '90');
    }
    const list = await admin.request({ method: 'GET', url: '/api/Crud/systemSettings?q=TIEDOWN_MAX_NIGHTS' });
    const row = (list.json() as Array<{ _id: string; name: string }>).find((r) => r.name === 'TIEDOWN_MAX_NIGHTS')!;
    const zero = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${row._id}`, payload: { name: 'TIEDOWN_MAX_NIGHTS', value: '0' } });
    expect(zero.statusCode).toBe(400);
  });
});

describe('POST /api/Invoices/TieDown with payment off', () => {
  it('400 names each bad field; nothing is stored', async () => {
    const visitor = await anonymous(t);
    const before = await countRequests();
    const res = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ phone: '555-12', endDate: '2026-11-30', airCraftType: 'Zeppelin' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: 'Phone number is not valid', endDate: 'Departure must be after arrival', airCraftType: 'Aircraft Type is not valid' });
    expect(await countRequests()).toBe(before);
  });

  it('stores the request with amount 0 and no charge; a tampered amount is ignored; the same key twice is one request', async () => {
    const visitor = await anonymous(t);
    const key = newKey();
    const charges = provider.calls;
    const first = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ amount: 0.01, space: 'VIP' }), headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    const body = first.json() as TTiedownCreated;
    expect(body.message).toBe('Transient Parking Requested');
    expect(body.tiedown).toMatchObject({ amount: 0, nights: 3, rate: 50, space: '', invoice: null, receiptId: null });
    const again = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form(), headers: { 'idempotency-key': key } });
    expect(again.json().tiedown._id).toBe(body.tiedown._id);
    expect((await t.db.select().from(tiedownRequests).where(eq(tiedownRequests.idempotencyKey, key))).length).toBe(1);
    expect(provider.calls).toBe(charges);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `tiedown:${body.tiedown._id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual(['amelia@example.test']);
    expect(mail[0]!.text).toContain('No payment was taken');
  });

  it('the honeypot: told yes, nothing stored', async () => {
    const visitor = await anonymous(t);
    const before = await countRequests();
    const res = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ website: 'http://spam.example' }) });
    expect(res.statusCode).toBe(201);
    expect(await countRequests()).toBe(before);
  });
});

describe('POST /api/Invoices/TieDown with payment on (card)', () => {
  beforeAll(() => setPayment(true));
  afterAll(() => setPayment(false));

  it('400 without a card or a key', async () => {
    const visitor = await anonymous(t);
    expect((await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form(), headers: { 'idempotency-key': newKey() } })).json().errors).toEqual({ sourceId: 'Card details are required' });
    expect((await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ sourceId: APPROVE }) })).json().errors).toHaveProperty('idempotencyKey');
  });

  it('a decline leaves nothing: no request, no invoice, no payment', async () => {
    const visitor = await anonymous(t);
    const before = await countRequests();
    const key = newKey();
    const res = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ sourceId: DECLINE }), headers: { 'idempotency-key': key } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/declined/);
    expect(await countRequests()).toBe(before);
    const [attempt] = await t.db.select().from(cardAttempts).where(and(eq(cardAttempts.purpose, 'tiedown'), eq(cardAttempts.idempotencyKey, key)));
    expect(attempt).toMatchObject({ status: 'declined', resultId: null });
    // the same key again gives the same answer, and charges nothing
    expect((await visitor({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ sourceId: DECLINE }), headers: { 'idempotency-key': key } })).statusCode).toBe(422);
  });

  it('charges the server figure; the request, its one-line invoice and the receipt agree; a double click is one request', async () => {
    const key = newKey();
    const charges = provider.charges.length;
    const send = () => pilot.request({ method: 'POST', url: '/api/Invoices/TieDown', payload: form({ sourceId: APPROVE, amount: 1 }), headers: { 'idempotency-key': key } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const created = a.json() as TTiedownCreated;
    expect(b.json().tiedown._id).toBe(created.tiedown._id);
    expect(provider.charges.length).toBe(charges + 1);
    expect(provider.charges.at(-1)!.amountCents).toBe(15000);
    expect(created.tiedown).toMatchObject({ amount: 150, nights: 3, rate: 50 });
    expect(created.receipt).toMatchObject({ amount: 150, method: 'card', lineItems: [{ name: 'Medium Jet 2 parking, 3 nights', charges: 50, amount: 3, total: 150 }] });
    expect(created.tiedown.invoice).toBe(created.receipt!.invoiceId);
    expect((await t.db.select().from(tiedownRequests).where(eq(tiedownRequests.idempotencyKey, key))).length).toBe(1);
    // the invoice, as Invoices staff see it: paid, one line
    const invoice = (await admin.request({ method: 'GET', url: `/api/Invoices/${created.tiedown.invoice}` })).json();
    expect(invoice).toMatchObject({ status: 'Paid', tenantName: 'Transient Parking' });
    expect(invoice.lineItems).toHaveLength(1);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.ref, `tiedown:${created.tiedown._id}`));
    expect(mail[0]!.text).toContain(`Receipt #${created.receipt!.receiptNumber}`);
    // like any new invoice, it publishes Created for notification rules: once, already paid
    const events = await t.db.select().from(domainEvents).where(and(eq(domainEvents.module, 'Invoices'), eq(domainEvents.recordId, created.tiedown.invoice!)));
    expect(events.map((e) => e.trigger)).toEqual(['Created']);
    expect(events[0]!.fields).toMatchObject({ invoiceNumber: invoice.invoiceNumber, companyName: 'Transient Parking', status: 'Paid', total: '$150.00', amountDue: '$0.00' });
  });
});

describe('rate limit (PRODUCT-RULES 19)', () => {
  it('an address that sends too many requests is refused, and nothing more is stored', async () => {
    const visitor = await anonymous(t);
    const send = () => visitor({ method: 'POST', url: '/api/Invoices/TieDown', remoteAddress: '10.0.0.9', payload: form({ firstName: 'Limit' }) });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const before = await countRequests();
    expect((await send()).statusCode).toBe(429);
    expect(await countRequests()).toBe(before);
  });
});

describe('GET /api/Invoices/List/TieDowns and the detail', () => {
  it('401 for a public visitor, who cannot list requests', async () => {
    const visitor = await anonymous(t);
    expect((await visitor({ method: 'GET', url: '/api/Invoices/List/TieDowns' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/Invoices/List/TieDowns' })).statusCode).toBe(401);
  });

  it('400 on a bad filter or sort; staff page, sort and filter in SQL', async () => {
    expect((await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?sort=password:asc' })).json().errors).toHaveProperty('sort');
    expect((await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?airCraftType=Zeppelin' })).statusCode).toBe(400);
    const visitor = await anonymous(t);
    for (const [i, type] of (['Large Jet', 'Small Jet'] as const).entries()) {
      const res = await visitor({ method: 'POST', url: '/api/Invoices/TieDown', remoteAddress: '10.0.0.2', payload: form({ firstName: `Grid${i}`, beginDate: `2027-01-0${i + 1}`, endDate: '2027-01-05', airCraftType: type }) });
      expect(res.statusCode).toBe(201);
    }
    const page = await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?pageSize=2' });
    expect(page.statusCode).toBe(200);
    const rows = page.json() as TTiedown[];
    expect(rows.map((r) => r.beginDate)).toEqual(['2027-01-02', '2027-01-01']); // newest arrival first
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    const filtered = (await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?airCraftType=Large%20Jet&from=2027-01-01&to=2027-01-31&q=grid0' })).json() as TTiedown[];
    expect(filtered.map((r) => r.firstName)).toEqual(['Grid0']);
    const byName = (await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?sort=firstName:asc&pageSize=1' })).json() as TTiedown[];
    expect(byName[0]!.firstName).toBe('Amelia');
  });

  it('an external user who made requests sees only their own; another id is 404', async () => {
    const mine = (await pilot.request({ method: 'GET', url: '/api/Invoices/List/TieDowns' })).json() as TTiedown[];
    expect(mine.length).toBe(1);
    const others = (await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?q=grid1' })).json() as TTiedown[];
    expect((await pilot.request({ method: 'GET', url: `/api/Invoices/TieDown/${others[0]!._id}` })).statusCode).toBe(404);
    const detail = (await pilot.request({ method: 'GET', url: `/api/Invoices/TieDown/${mine[0]!._id}` })).json() as TTiedownDetail;
    expect(detail.receipt).toMatchObject({ amount: 150 });
    expect(detail.abilities).toEqual({ assignSpace: false, viewInvoice: false });
  });
});

describe('POST /api/Invoices/TieDown/:id (space) and POST /api/Ktrm', () => {
  it('401, 403 without the module, 400, 404, then staff assign a space', async () => {
    const [row] = (await staff.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?pageSize=1' })).json() as TTiedown[];
    const url = `/api/Invoices/TieDown/${row!._id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { space: 'A1' } })).statusCode).toBe(401);
    expect((await noModule.request({ method: 'POST', url, payload: { space: 'A1' } })).statusCode).toBe(403);
    expect((await pilot.request({ method: 'POST', url, payload: { space: 'A1' } })).statusCode).toBe(403);
    expect((await staff.request({ method: 'POST', url, payload: { space: 'x'.repeat(21) } })).json().errors).toHaveProperty('space');
    expect((await staff.request({ method: 'POST', url: '/api/Invoices/TieDown/00000000-0000-4000-8000-000000000000', payload: { space: 'A1' } })).statusCode).toBe(404);
    const ok = await staff.request({ method: 'POST', url, payload: { space: ' T-7 ' } });
    expect(ok.json()).toMatchObject({ message: 'Updated Successfully', space: 'T-7' });
    expect((await staff.request({ method: 'GET', url })).json().space).toBe('T-7');
  });

  it('Ktrm: 401, 403, 400, then the counts per type by arrival date (as parkingRequestsByAircraftType)', async () => {
    const body = { start: '2027-01-01', end: '2027-01-31' };
    expect((await t.app.inject({ method: 'POST', url: '/api/Ktrm', payload: body })).statusCode).toBe(401);
    expect((await pilot.request({ method: 'POST', url: '/api/Ktrm', payload: body })).statusCode).toBe(403);
    expect((await staff.request({ method: 'POST', url: '/api/Ktrm', payload: { start: '2027-02-01', end: '2027-01-01' } })).json().errors).toHaveProperty('end');
    const counts = (await staff.request({ method: 'POST', url: '/api/Ktrm', payload: body })).json();
    expect(counts).toEqual({ 'Single and Multi-Engine Piston': 0, 'Multi-Engine Turboprop': 0, 'Small Jet': 1, 'Medium Jet 1': 0, 'Medium Jet 2': 0, 'Large Jet': 1 });
    expect((await staff.request({ method: 'POST', url: '/api/Ktrm', payload: { ...body, type: 'Large Jet' } })).json()).toEqual({ 'Large Jet': 1 });
    // noon UTC of those dates is the same calendar date in the airport zone
    expect(await parkingRequestsByAircraftType(t.db, { start: new Date('2027-01-01T12:00:00Z'), end: new Date('2027-01-31T12:00:00Z') })).toEqual(counts);
  });
});

describe('the rate table (Settings)', () => {
  it('401, 403 for non-admins, 400, then a Settings admin changes a rate and the quote follows', async () => {
    const url = '/api/TieDown/Rates/Small%20Jet';
    expect((await t.app.inject({ method: 'PUT', url, payload: { rate: 35 } })).statusCode).toBe(401);
    expect((await staff.request({ method: 'PUT', url, payload: { rate: 35 } })).statusCode).toBe(403);
    expect((await staff.request({ method: 'GET', url: '/api/TieDown/Rates' })).statusCode).toBe(403);
    expect((await settingsAdmin.request({ method: 'PUT', url, payload: { rate: 'ten' } })).json().errors).toHaveProperty('rate');
    expect((await settingsAdmin.request({ method: 'PUT', url, payload: { rate: 0 } })).json().errors).toHaveProperty('rate');
    expect((await settingsAdmin.request({ method: 'PUT', url: '/api/TieDown/Rates/Zeppelin', payload: { rate: 10 } })).statusCode).toBe(400);
    const ok = await settingsAdmin.request({ method: 'PUT', url, payload: { rate: 35.5 } });
    expect(ok.json()).toMatchObject({ message: 'Updated Successfully', airCraftType: 'Small Jet', rate: 35.5 });
    const rates = (await settingsAdmin.request({ method: 'GET', url: '/api/TieDown/Rates' })).json();
    expect(rates).toHaveLength(6);
    await setPayment(true);
    const visitor = await anonymous(t);
    const quote = (await visitor({ method: 'GET', url: '/api/TieDown/Quote?airCraftType=Small%20Jet&beginDate=2026-12-01&endDate=2026-12-03' })).json();
    expect(quote).toMatchObject({ rate: 35.5, amount: 71 });
    await setPayment(false);
  });
});

describe('the reconcile job (a crash between the charge and the write)', () => {
  it('writes the request of a pending attempt the provider approved, and voids one it has no charge for', async () => {
    const key = newKey();
    const form = { firstName: 'Wiley', lastName: 'Post', phone: '5550001111', email: 'wiley@example.test', beginDate: '2027-05-01', endDate: '2027-05-03', airCraftType: 'Large Jet', airCraftNum: 'N99WP', vehicleNum: '' };
    // the provider charged (step b) but the process died before step c
    expect((await provider.charge({ amountCents: 16000, sourceToken: APPROVE, idempotencyKey: key })).status).toBe('approved');
    const lostKey = newKey();
    await t.db.insert(cardAttempts).values([
      { purpose: 'tiedown', idempotencyKey: key, subject: { form, nights: 2, rateCents: 8000 }, amountCents: 16000, provider: 'test', status: 'pending' },
      { purpose: 'tiedown', idempotencyKey: lostKey, subject: { form, nights: 2, rateCents: 8000 }, amountCents: 16000, provider: 'test', status: 'pending' },
    ]);
    expect(await reconcileCardAttempts(t.app.cardPayments, 0)).toMatchObject({ paid: [expect.objectContaining({ purpose: 'tiedown' })], voided: 1 });
    const [row] = await t.db.select().from(tiedownRequests).where(eq(tiedownRequests.idempotencyKey, key));
    expect(row).toMatchObject({ aircraftNum: 'N99WP', amountCents: 16000, nights: 2 });
    expect(row!.invoiceId).toBeTruthy();
    const [lost] = await t.db.select().from(cardAttempts).where(eq(cardAttempts.idempotencyKey, lostKey));
    expect(lost!.status).toBe('void');
    expect(await reconcileCardAttempts(t.app.cardPayments, 0)).toMatchObject({ paid: [], voided: 0 });
  });
});
