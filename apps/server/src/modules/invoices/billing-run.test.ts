import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillingPreview, TBillingRun } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../platform/audit/audit.table';
import { withAirport } from '../../platform/tenancy/airport-context';
import { insertAirport } from '../../platform/tenancy/airports.repo';
import { runInvoiceCycles } from './agreement-invoices';
import { invoiceCycleRuns } from './billing-run.table';
import { runCycleRun } from './billing-runs';
import { buildCompany, buildCycle, buildLeasedAgreement, expectStatus, moneyKey, superAdmin } from './billing.test-support';
import { invoiceLineItems, invoices } from './invoices.table';

/**
 * Issue 24: the billing run preview, through HTTP on both databases (`DATABASE_URL` for
 * PostgreSQL, where the concurrent runs race on real connections). One monthly cycle billed for
 * February by the daily run; March previewed (a new lease, an escalated rent, an ended lease), one
 * company held, run by hand, and the invoices compared with the preview.
 */
let t: TestApp;
let admin: Caller;
let finance: Caller;
let clerk: Caller;
let tenant: Caller;
let cycleId: string;
let terms: { cycleId: string; payTypeId: string };
const companies: Record<'alpha' | 'bravo' | 'charlie', { _id: string; name: string }> = {} as never;
const leases: Record<string, Awaited<ReturnType<typeof buildLeasedAgreement>>> = {};
const MARCH = '2025-03-01';

const preview = async (caller: Caller, query = `period=${MARCH}`) => caller.request({ method: 'GET', url: `/api/InvoiceCycles/${cycleId}/Preview?${query}` });
const startRun = (caller: Caller, period: string, key = moneyKey()) =>
  caller.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Run`, payload: { period }, headers: { 'idempotency-key': key } });

async function waitForRun(runId: string): Promise<TBillingRun> {
  if (!t.app.jobs.started) await t.app.jobs.start();
  for (const until = Date.now() + 60_000; ; ) {
    const run = (await finance.request({ method: 'GET', url: `/api/InvoiceCycles/Runs/${runId}` })).json() as TBillingRun;
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  finance = await signIn(t, { modules: ['Invoices'], isAdmin: true });
  clerk = await signIn(t, { modules: ['Invoices'] });
  terms = await buildCycle(admin, '0 6 1 * *');
  cycleId = terms.cycleId;
  for (const key of ['alpha', 'bravo', 'charlie'] as const) companies[key] = await buildCompany(admin);
  tenant = await signIn(t, { companyId: companies.alpha._id });
  leases.alpha = await buildLeasedAgreement(admin, companies.alpha._id, terms, '2025-01-01');
  leases.bravo = await buildLeasedAgreement(admin, companies.bravo._id, terms, '2025-01-01');
  leases.charlie = await buildLeasedAgreement(admin, companies.charlie._id, terms, '2025-01-01', '2025-02-28');
  // February, billed by the daily run (Charlie's lease, ended - Expired - by now, by hand as then);
  // then a new lease from March 10 and Bravo's rent raised.
  expect((await runInvoiceCycles(t.db, '2025-02-10')).created).toBe(2);
  const charlieFebruary = await admin.request({ method: 'POST', url: `/api/Agreements/Invoices/${leases.charlie.id}`, payload: { startDate: '2025-02-01', endDate: '2025-02-28' } });
  await expectStatus(charlieFebruary, 201, 'Charlie February');
  leases.alphaNew = await buildLeasedAgreement(admin, companies.alpha._id, terms, '2025-03-10');
  const raised = await admin.request({ method: 'PUT', url: `/api/Property/List/${leases.bravo.propertyId}`, payload: { ...leases.bravo.propertyInput, rent: 464.02 } });
  await expectStatus(raised, 200, 'raise rent');
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/InvoiceCycles/{cycleId}/Preview', () => {
  it('shows per company the lines, totals, last period and the changes: new, escalated, ended', async () => {
    const res = await preview(finance);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TBillingPreview;
    expect(body).toMatchObject({ cycleId, period: { from: '2025-03-01', to: '2025-03-31' }, scheduledFor: '2025-03-01', alreadyRun: false, companyCount: 3, billedCompanyCount: 2, invoiceCount: 3 });
    const byId = new Map(body.companies.map((c) => [c.companyId, c]));
    const alpha = byId.get(companies.alpha._id)!;
    expect(alpha).toMatchObject({ companyName: companies.alpha.name, held: null, lastPeriodTotal: 450.5, total: 450.5 + 319.71 });
    expect(alpha.lines).toEqual(expect.arrayContaining([
      { agreementNum: leases.alpha!.agreementNum, propertyName: leases.alpha!.propertyName, description: '03/01/2025 - 03/31/2025', amount: 450.5 },
      { agreementNum: leases.alphaNew!.agreementNum, propertyName: leases.alphaNew!.propertyName, description: '03/10/2025 - 03/31/2025 (22 of 31 days)', amount: 319.71 },
    ]));
    expect(alpha.changes).toEqual([{ kind: 'new', agreementNum: leases.alphaNew!.agreementNum, propertyName: leases.alphaNew!.propertyName, detail: 'Starts 03/10/2025' }]);
    expect(byId.get(companies.bravo._id)).toMatchObject({
      total: 464.02, lastPeriodTotal: 450.5, changes: [{ kind: 'escalated', agreementNum: leases.bravo!.agreementNum, detail: '$450.50 -> $464.02' }],
    });
    expect(byId.get(companies.charlie._id)).toMatchObject({
      lines: [], total: 0, lastPeriodTotal: 450.5, changes: [{ kind: 'ended', agreementNum: leases.charlie!.agreementNum, propertyName: leases.charlie!.propertyName, detail: 'Ended 02/28/2025 (last billed $450.50)' }],
    });
    expect(body).toMatchObject({ total: 450.5 + 319.71 + 464.02, heldTotal: 0, lastPeriodTotal: 1351.5 });
  });

  it('pages the companies by name; the totals stay over all of them', async () => {
    const page = (await preview(finance, `period=2025-03-20&page=2&pageSize=2`)).json() as TBillingPreview;
    const all = (await preview(finance)).json() as TBillingPreview;
    expect(page.companies).toEqual(all.companies.slice(2));
    expect(page).toMatchObject({ page: 2, pageSize: 2, companyCount: 3, total: all.total });
  });

  it('without a period: the period after the one containing today', async () => {
    const body = (await preview(finance, '')).json() as TBillingPreview;
    const today = new Date().toISOString().slice(0, 10);
    expect(body.scheduledFor).toBe(body.period.from);
    expect(body.period.from.endsWith('-01') && body.period.from > today).toBe(true);
    expect(body.period.from.slice(0, 7) <= new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 7)).toBe(true);
  });
});

describe('access and bad input', () => {
  it('401, 403 for a tenant (and Run for non-admin staff), 404 for another airport, 400 naming the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/InvoiceCycles/${cycleId}/Preview` })).statusCode).toBe(401);
    expect((await preview(tenant)).statusCode).toBe(403);
    expect((await preview(clerk)).statusCode).toBe(200);
    expect((await startRun(clerk, MARCH)).statusCode).toBe(403);
    expect((await clerk.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Holds`, payload: { companyId: companies.alpha._id, period: MARCH, reason: 'x' } })).statusCode).toBe(403);
    expect((await tenant.request({ method: 'GET', url: `/api/InvoiceCycles/Runs/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(403);

    expect((await preview(finance, 'period=2025-02-30')).json().errors).toEqual({ period: 'Must be a valid date' });
    const noReason = await finance.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Holds`, payload: { companyId: companies.alpha._id, period: MARCH, reason: '  ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Reason is required' });
    const noPeriod = await startRun(finance, 'soon');
    expect(noPeriod.json().errors).toEqual({ period: 'Period must be a valid date' });
    const noKey = await finance.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Run`, payload: { period: MARCH } });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().errors)).toEqual(['idempotencyKey']);
    expect(await t.db.select().from(invoiceCycleRuns)).toEqual([]);
    expect((await preview(finance)).json().companies.every((c: { held: unknown }) => c.held === null)).toBe(true);

    const reliever = (await insertAirport(t.db, { code: 'L24', name: 'Reliever Field', timeZone: 'America/Denver' })).id;
    const other = await withAirport(reliever, () => signIn(t, { modules: 'all', isAdmin: true }));
    expect((await preview(other)).statusCode).toBe(404);
    expect((await startRun(other, MARCH)).statusCode).toBe(404);
    const hold = await other.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Holds`, payload: { companyId: companies.alpha._id, period: MARCH, reason: 'Mine' } });
    expect(hold.statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `/api/InvoiceCycles/${cycleId}/Holds/${companies.alpha._id}?period=${MARCH}` })).statusCode).toBe(404);
  });
});

describe('hold, run now, and what the run billed', () => {
  it('a held company is skipped for that period only; the run bills exactly the preview, once', async () => {
    const held = await finance.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Holds`, payload: { companyId: companies.bravo._id, period: '2025-03-17', reason: 'Disputed rent increase' } });
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ period: { from: MARCH, to: '2025-03-31' }, held: { reason: 'Disputed rent increase', by: finance.user.email } });
    const twice = await finance.request({ method: 'POST', url: `/api/InvoiceCycles/${cycleId}/Holds`, payload: { companyId: companies.bravo._id, period: MARCH, reason: 'Again' } });
    expect(twice.statusCode).toBe(409);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'invoiceCycleHold'), eq(auditLog.action, 'create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: 'Disputed rent increase', actorEmail: finance.user.email });

    const before = (await preview(finance)).json() as TBillingPreview;
    const bravo = before.companies.find((c) => c.companyId === companies.bravo._id)!;
    expect(bravo.held).toMatchObject({ reason: 'Disputed rent increase', by: finance.user.email });
    expect(before).toMatchObject({ total: 770.21, heldTotal: 464.02, billedCompanyCount: 1, invoiceCount: 2 });

    // A double click (one key) and a second request (another key) at once: one run.
    const key = moneyKey();
    const answers = await Promise.all([startRun(finance, MARCH, key), startRun(finance, MARCH, key), startRun(finance, '2025-03-31')]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    const runIds = new Set(answers.map((a) => a.json().runId as string));
    expect(runIds.size).toBe(1);
    const runId = [...runIds][0]!;
    const run = await waitForRun(runId);
    expect(run).toMatchObject({ status: 'done', done: 2, total: 2, created: 2, period: { from: MARCH, to: '2025-03-31' } });

    // What was billed is what the preview showed: the same lines per agreement, nothing for Bravo.
    const made = await t.db.select().from(invoices).where(eq(invoices.periodStart, MARCH));
    expect(made.map((i) => i.companyId).sort()).toEqual([companies.alpha._id, companies.alpha._id]);
    const lines = await t.db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.invoiceId, made.map((i) => i.id)));
    const billed = lines.map((l) => [l.name.replace('Rent: ', ''), l.description, l.chargesCents / 100]).sort();
    const previewed = before.companies.filter((c) => !c.held).flatMap((c) => c.lines.map((l) => [l.propertyName, l.description, l.amount])).sort();
    expect(billed).toEqual(previewed);
    expect(made.reduce((sum, i) => sum + i.totalCents, 0) / 100).toBe(before.total);
    const runAudit = await t.db.select().from(auditLog).where(eq(auditLog.requestId, `cycle-run:${runId}`));
    expect(runAudit.map((a) => a.actorEmail)).toEqual([finance.user.email, finance.user.email]);

    // After: already run, only the held company is left; the same key answers the same run.
    expect((await preview(finance)).json()).toMatchObject({ alreadyRun: true, total: 0, heldTotal: 464.02 });
    expect((await startRun(finance, MARCH, key)).json()).toEqual({ runId });
    // The daily run of a March day skips Bravo too; April bills it as usual.
    expect((await runInvoiceCycles(t.db, '2025-03-20')).created).toBe(0);
    expect((await runInvoiceCycles(t.db, '2025-04-02')).created).toBe(3); // Alpha's two leases and Bravo
    const april = await t.db.select().from(invoices).where(and(eq(invoices.periodStart, '2025-04-01'), eq(invoices.companyId, companies.bravo._id)));
    expect(april.map((i) => i.totalCents)).toEqual([46_402]);
  }, 120_000);

  it('release: audited, and the next run of the period bills the company', async () => {
    const url = `/api/InvoiceCycles/${cycleId}/Holds/${companies.bravo._id}?period=${MARCH}`;
    expect((await finance.request({ method: 'DELETE', url: `/api/InvoiceCycles/${cycleId}/Holds/${companies.bravo._id}?period=bad` })).json().errors).toEqual({ period: 'Period must be a valid date' });
    expect((await finance.request({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await finance.request({ method: 'DELETE', url })).statusCode).toBe(404);
    const released = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'invoiceCycleHold'), eq(auditLog.action, 'delete')));
    expect(released).toHaveLength(1);
    expect(released[0]!.reason).toBe('Released (held: Disputed rent increase)');
    const run = await waitForRun((await startRun(finance, MARCH)).json().runId);
    expect(run).toMatchObject({ status: 'done', created: 1 });
    const march = await t.db.select().from(invoices).where(and(eq(invoices.periodStart, MARCH), eq(invoices.companyId, companies.bravo._id)));
    expect(march.map((i) => i.totalCents)).toEqual([46_402]);
  }, 120_000);

  it('two runs of one period at once (a retried job beside the first) bill each agreement once', async () => {
    const company = await buildCompany(admin);
    await buildLeasedAgreement(admin, company._id, terms, '2025-05-01');
    const runId = (await startRun(finance, '2025-05-01')).json().runId as string;
    // The job twice at once, as a retry of a silent worker would run it beside the first.
    const ctx = { db: t.db, log: t.app.log } as unknown as Parameters<typeof runCycleRun>[0];
    await Promise.all([runCycleRun(ctx, runId), runCycleRun(ctx, runId)]);
    const may = await t.db.select().from(invoices).where(eq(invoices.periodStart, '2025-05-01'));
    expect(may.length).toBe(4); // Alpha x2, Bravo, the new company: one each
    expect(new Set(may.map((i) => i.agreementId)).size).toBe(4);
    expect((await waitForRun(runId)).status).toBe('done');
  }, 120_000);
});
