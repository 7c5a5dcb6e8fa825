import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TInvoice, TSettingPair } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createMailDelivery, queueMail } from '../../platform/mail/index';
import { mailOutbox } from '../../platform/mail/mail.table';
import { FIRST_AIRPORT_ID, findAirport, insertAirport, withAirport } from '../../platform/tenancy/index';
import { ensureSystemSettings } from '../settings/index';
import { runInvoiceCycles } from './agreement-invoices';
import { buildCompany, buildInvoice, buildLeasedAgreement, expectStatus } from './billing.test-support';
import { invoices } from './invoices.table';

/**
 * Issue 22: each airport numbers its own invoices, reads its own name and time zone, and sends its
 * e-mail from its own sender (docs/airports.md, "Numbering, settings and mail"). Both databases.
 */
let t: TestApp;
let sink: SmtpSink;
let reliever: string;
let mainAdmin: Caller;
let relieverAdmin: Caller;
let mainCompany: string;
let relieverCompany: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Apron <no-reply@apron.test>' });
  reliever = (await insertAirport(t.db, { code: 'L12', name: 'Reliever Field', timeZone: 'America/Denver', mailFrom: 'Reliever Field <office@reliever.test>' })).id;
  // What provisioning an airport does for its settings (the grid edits rows, it never creates them).
  await withAirport(reliever, () => ensureSystemSettings(t.db));
  mainAdmin = await signIn(t, { modules: 'all', isAdmin: true });
  relieverAdmin = await withAirport(reliever, () => signIn(t, { modules: 'all', isAdmin: true }));
  mainCompany = (await buildCompany(mainAdmin))._id;
  relieverCompany = (await buildCompany(relieverAdmin))._id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function createInvoice(caller: Caller, companyId: string): Promise<number> {
  const res = await caller.request({ method: 'POST', url: '/api/Invoices', payload: { name: 'Fuel', description: 'Jet A', dueDate: '2099-12-31', tenantId: companyId } });
  await expectStatus(res, 201, 'create invoice');
  return (res.json().invoice as TInvoice).invoiceNumber;
}

const consecutive = (numbers: number[]) => [...numbers].sort((a, b) => a - b).every((n, i, all) => i === 0 || n === all[i - 1]! + 1);

describe('numbering per airport', () => {
  it('each airport numbers its invoices from its own counter, also when both create at once', async () => {
    const mainFirst = await createInvoice(mainAdmin, mainCompany);
    // The reliever's first invoice is #1001 however many the main airport has made.
    expect(await createInvoice(relieverAdmin, relieverCompany)).toBe(1001);
    // A small race: five invoices at each airport at the same time.
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? createInvoice(mainAdmin, mainCompany) : createInvoice(relieverAdmin, relieverCompany)).then((n) => ({ main: i % 2 === 0, n }))),
    );
    const main = raced.filter((r) => r.main).map((r) => r.n);
    const other = raced.filter((r) => !r.main).map((r) => r.n);
    expect(new Set(main).size).toBe(5);
    expect(new Set(other).size).toBe(5);
    expect(consecutive([mainFirst, ...main])).toBe(true);
    expect([...other].sort((a, b) => a - b)).toEqual([1002, 1003, 1004, 1005, 1006]);
    // The grid of each airport lists its own numbers only.
    const grid = (await relieverAdmin.request({ method: 'GET', url: '/api/Invoices?pageSize=50' })).json() as TInvoice[];
    expect(grid.map((i) => i.invoiceNumber).sort((a, b) => a - b)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
  });

  it('the invoice run at two airports numbers each airport’s invoices on from its own, and a rerun creates nothing', async () => {
    await buildLeasedAgreement(mainAdmin, mainCompany);
    await buildLeasedAgreement(relieverAdmin, relieverCompany);
    const mainBefore = await createInvoice(mainAdmin, mainCompany);
    const relieverBefore = await createInvoice(relieverAdmin, relieverCompany);
    const mainRun = await withAirport(FIRST_AIRPORT_ID, () => runInvoiceCycles(t.db, '2025-03-17'));
    const relieverRun = await withAirport(reliever, () => runInvoiceCycles(t.db, '2025-03-17'));
    expect([mainRun.created, relieverRun.created]).toEqual([1, 1]);
    expect((await withAirport(reliever, () => runInvoiceCycles(t.db, '2025-03-18'))).created).toBe(0);
    expect((await withAirport(FIRST_AIRPORT_ID, () => runInvoiceCycles(t.db, '2025-03-18'))).created).toBe(0);
    // A query with no airport filter: row-level security answers the airport's own run invoice.
    const runNumbers = (airportId: string) =>
      withAirport(airportId, async () => (await t.db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.periodStart, '2025-03-01'))).map((r) => r.n));
    expect(await runNumbers(FIRST_AIRPORT_ID)).toEqual([mainBefore + 1]);
    expect(await runNumbers(reliever)).toEqual([relieverBefore + 1]);
    // The reruns took no numbers: the next invoice follows without a gap.
    expect(await createInvoice(relieverAdmin, relieverCompany)).toBe(relieverBefore + 2);
  });

  it('receipts are numbered per airport too (the reliever’s first is #5001)', async () => {
    const pay = async (caller: Caller, companyId: string) => {
      const invoice = await buildInvoice(caller, companyId);
      const res = await caller.request({
        method: 'POST',
        url: `/api/Invoices/ManualPayment/${invoice._id}`,
        payload: { lineIds: invoice.lineItems.map((l) => l._id), accountType: true, accountName: 'Jane Pilot', accountDetails: 'Front desk', confirmation: 'x', paymentDate: '2025-03-04' },
      });
      await expectStatus(res, 201, 'manual payment');
      return res.json().receipt.receiptNumber as number;
    };
    const mainFirst = await pay(mainAdmin, mainCompany);
    expect(await Promise.all([pay(relieverAdmin, relieverCompany), pay(mainAdmin, mainCompany)])).toEqual([5001, mainFirst + 1]);
    expect(await pay(relieverAdmin, relieverCompany)).toBe(5002);
  });
});

describe('the airport’s name and time zone', () => {
  const settingsOf = async (caller: Caller) => {
    const rows = (await caller.request({ method: 'GET', url: '/api/Crud/systemSettings?pageSize=100' })).json() as { _id: string; name: string; value: string }[];
    return new Map(rows.map((r) => [r.name, r]));
  };
  const pairsOf = async (caller: Caller) => {
    const pairs = (await caller.request({ method: 'GET', url: '/api/Getsettings' })).json() as TSettingPair[];
    return Object.fromEntries(pairs.map((p) => [p.name, p.value]));
  };

  it('System Settings shows each airport its own record, and an edit changes that airport only', async () => {
    const main = await settingsOf(mainAdmin);
    const other = await settingsOf(relieverAdmin);
    const mainAirport = (await findAirport(t.db, FIRST_AIRPORT_ID))!;
    expect(main.get('AIRPORT_NAME')!.value).toBe(mainAirport.name);
    expect(other.get('AIRPORT_NAME')!.value).toBe('Reliever Field');
    expect(other.get('TIME_ZONE')!.value).toBe('America/Denver');

    const edit = (caller: Caller, row: { _id: string; name: string }, value: string) =>
      caller.request({ method: 'PUT', url: `/api/Crud/systemSettings/${row._id}`, payload: { name: row.name, value } });
    const renamed = await edit(relieverAdmin, other.get('AIRPORT_NAME')!, 'Minden Reliever Field');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().value).toBe('Minden Reliever Field');
    expect((await edit(relieverAdmin, other.get('TIME_ZONE')!, 'Mars/Olympus')).statusCode).toBe(400);
    expect((await edit(relieverAdmin, other.get('TIME_ZONE')!, 'America/Chicago')).statusCode).toBe(200);

    // The airports row is the one source: what System Settings, Getsettings and the record say agree.
    expect(await findAirport(t.db, reliever)).toMatchObject({ name: 'Minden Reliever Field', timeZone: 'America/Chicago' });
    expect(await findAirport(t.db, FIRST_AIRPORT_ID)).toMatchObject({ name: mainAirport.name, timeZone: mainAirport.timeZone });
    expect(await pairsOf(relieverAdmin)).toMatchObject({ AIRPORT_NAME: 'Minden Reliever Field', TIME_ZONE: 'America/Chicago' });
    expect(await pairsOf(mainAdmin)).toMatchObject({ AIRPORT_NAME: mainAirport.name, TIME_ZONE: mainAirport.timeZone });
    const search = (await relieverAdmin.request({ method: 'GET', url: '/api/Crud/systemSettings?q=minden' })).json() as { name: string }[];
    expect(search.map((r) => r.name)).toEqual(['AIRPORT_NAME']);
  });
});

describe('mail sender per airport', () => {
  it('e-mail queued at an airport is sent from its own sender, else from MAIL_FROM', async () => {
    sink.messages.length = 0;
    await withAirport(reliever, () => queueMail(t.db, { to: ['tenant@reliever.test'], subject: 'From the reliever', text: 'x', kind: 'test' }));
    await withAirport(FIRST_AIRPORT_ID, () => queueMail(t.db, { to: ['tenant@main.test'], subject: 'From the main airport', text: 'x', kind: 'test' }));
    const delivery = createMailDelivery({ db: t.db, config: t.config, log: t.app.log });
    // The delivery job runs once per airport, each in its own scope.
    expect((await withAirport(reliever, () => delivery.deliver())).sent).toBe(1);
    expect((await withAirport(FIRST_AIRPORT_ID, () => delivery.deliver())).sent).toBe(1);
    const to = (address: string) => sink.messages.find((m) => m.to.includes(address))!;
    expect(to('tenant@reliever.test').from).toBe('office@reliever.test');
    expect(to('tenant@reliever.test').data).toMatch(/^From: Reliever Field <office@reliever\.test>/m);
    expect(to('tenant@main.test').from).toBe('no-reply@apron.test');
    expect(to('tenant@main.test').data).toMatch(/^From: Apron <no-reply@apron\.test>/m);
    delivery.close();
  });

  it('the airport’s name in its e-mail is its record’s', async () => {
    const invoiceId = (await buildInvoice(relieverAdmin, relieverCompany))._id;
    const res = await relieverAdmin.request({ method: 'POST', url: `/api/Invoices/Email/${invoiceId}`, payload: { subject: 'Copy', email: 'copy@reliever.test' } });
    await expectStatus(res, 200, 'e-mail a copy');
    const name = (await findAirport(t.db, reliever))!.name;
    // (The query runs inside the scope: a drizzle query only runs when awaited.)
    const [mail] = await withAirport(reliever, async () => t.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.ref, `invoice:${invoiceId}`)).execute());
    expect(mail!.text).toContain(`from ${name} is attached`);
  });
});
