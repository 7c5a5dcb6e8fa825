import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ownerQuery, signIn, type Caller, type TestApp } from './helpers';
import { runAgreementStatusJob } from '../src/modules/agreements/status-job';
import { agreements } from '../src/modules/agreements/agreements.table';
import { buildCompany, buildLeasedAgreement } from '../src/modules/invoices/billing.test-support';
import { cyclesTick, overdueTick } from '../src/modules/invoices/daily-runs';
import { setSystemSetting } from '../src/modules/settings/settings.test-support';
import { buildMaster, buildProperty as buildInspectedProperty } from '../src/modules/inspections/inspections.test-support';
import { runInspectionSchedule } from '../src/modules/inspections/schedule.job';
import { latestCronTick } from '../src/platform/jobs/cron';
import { perAirport } from '../src/platform/jobs/airport-jobs';
import type { JobHandler } from '../src/platform/jobs/jobs';
import { withAirport } from '../src/platform/tenancy/airport-context';
import { insertAirport } from '../src/platform/tenancy/airports.repo';

/**
 * Issue 22: the daily jobs run in each airport's own time zone, once (docs/airports.md, "Jobs").
 * A cron tick is an unstamped job: `perAirport` runs its handler once for every enabled airport in
 * that airport's scope, as pg-boss's tick does; the handlers take the tick's instant. Honolulu is
 * UTC-10 and New York UTC-5 in December. Runs on both databases.
 */
let t: TestApp;
let createdAt: Date;
const DAILY_AT_SIX = '0 6 * * *';
const airports: Record<'honolulu' | 'newYork', { id: string; admin: Caller; statusAgreement: string }> = {} as never;

/** One cron tick at `instant`: the handler for every enabled airport, as the job system runs it. */
const tick = (handler: (now: Date) => Promise<unknown>, instant: string): Promise<void> => {
  const work: JobHandler<never> = async () => {
    await handler(new Date(instant));
  };
  // A cron tick's data names no airport.
  return perAirport(t.database, work)({} as never);
};

/** The rows per airport code of a query over every airport (read as the owner, outside the policies). */
async function perAirportCount(sql: string): Promise<Record<string, number>> {
  const { rows } = await ownerQuery(t, `select a.code, count(x.*)::int as n from airports a left join (${sql}) x on x.airport_id = a.id where a.code in ('HNL', 'NYC') group by a.code order by a.code`);
  return Object.fromEntries(rows.map((row) => [String(row.code), Number(row.n)]));
}
const decemberInvoices = () => perAirportCount(`select airport_id from invoices where period_start = '2026-12-01'`);
const lateFees = () => perAirportCount(`select i.airport_id from invoice_line_items l join invoices i on i.id = l.invoice_id where l.kind = 'late_fee' and i.period_start = '2026-12-01'`);

async function airportIn(code: string, timeZone: string) {
  const { id } = await insertAirport(t.db, { code, name: `${code} Field`, timeZone });
  return withAirport(id, async () => {
    await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'TIME_ZONE', timeZone));
    const admin = await signIn(t, { modules: 'all', isAdmin: true });
    const company = (await buildCompany(admin))._id;
    // Billed monthly on the 1st (due in 30 days, 5% late fee); and one lease that ends on November 30.
    await buildLeasedAgreement(admin, company);
    const statusAgreement = (await buildLeasedAgreement(admin, company)).id;
    await t.db.update(agreements).set({ endDate: '2026-11-30' }).where(eq(agreements.id, statusAgreement));
    // A property inspected every day at 06:00, the airport's time.
    await buildInspectedProperty(admin);
    await buildMaster(admin, { scheduled: true, expression: DAILY_AT_SIX });
    return { id, admin, statusAgreement };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  createdAt = new Date();
  airports.honolulu = await airportIn('HNL', 'Pacific/Honolulu');
  airports.newYork = await airportIn('NYC', 'America/New_York');
});
afterAll(async () => t?.close());

describe('invoice cycles in each airport\'s time zone', () => {
  it('a tick before 01:00 local of the 1st bills no one; then each airport is billed once, at its own hour', async () => {
    // 05:30 UTC: 00:30 on December 1 in New York (before the run hour), 19:30 on November 30 in Honolulu.
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T05:30:00Z');
    expect(await decemberInvoices()).toEqual({ HNL: 0, NYC: 0 });
    // 06:30 UTC: 01:30 on December 1 in New York; Honolulu is still on November 30.
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T06:30:00Z');
    expect(await decemberInvoices()).toEqual({ HNL: 0, NYC: 1 });
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T07:30:00Z');
    expect(await decemberInvoices()).toEqual({ HNL: 0, NYC: 1 });
    // 11:30 UTC: 01:30 on December 1 in Honolulu; New York's month is billed already.
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T11:30:00Z');
    expect(await decemberInvoices()).toEqual({ HNL: 1, NYC: 1 });
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T12:30:00Z');
    await tick((now) => cyclesTick(t.db, now), '2026-12-01T23:30:00Z');
    expect(await decemberInvoices()).toEqual({ HNL: 1, NYC: 1 });
  });

  it('the late fee falls on each airport\'s own day after the due date, once', async () => {
    // Due December 31 (30 days): overdue from January 1, local time.
    await tick((now) => overdueTick(t.db, now), '2027-01-01T06:15:00Z');
    expect(await lateFees()).toEqual({ HNL: 0, NYC: 1 });
    await tick((now) => overdueTick(t.db, now), '2027-01-01T11:15:00Z');
    expect(await lateFees()).toEqual({ HNL: 1, NYC: 1 });
    await tick((now) => overdueTick(t.db, now), '2027-01-01T12:15:00Z');
    expect(await lateFees()).toEqual({ HNL: 1, NYC: 1 });
  });
});

describe('agreement statuses in each airport\'s time zone', () => {
  const statusOf = async (airport: { id: string; statusAgreement: string }) =>
    withAirport(airport.id, async () => (await t.db.select({ status: agreements.status }).from(agreements).where(eq(agreements.id, airport.statusAgreement)))[0]!.status);

  it('a lease ending November 30 expires after each airport\'s own midnight', async () => {
    // 05:07 UTC: December 1 in New York, November 30 in Honolulu.
    await tick((now) => runAgreementStatusJob(t.db, now), '2026-12-01T05:07:00Z');
    expect(await statusOf(airports.newYork)).toBe('Expired');
    expect(await statusOf(airports.honolulu)).not.toBe('Expired');
    await tick((now) => runAgreementStatusJob(t.db, now), '2026-12-01T10:07:00Z');
    expect(await statusOf(airports.honolulu)).toBe('Expired');
    const audits = await perAirportCount(`select airport_id from audit_log where request_id = 'agreements-daily-status'`);
    expect(audits.HNL).toBeGreaterThan(0);
    await tick((now) => runAgreementStatusJob(t.db, now), '2026-12-01T11:07:00Z');
    expect(await perAirportCount(`select airport_id from audit_log where request_id = 'agreements-daily-status'`)).toEqual(audits);
  });
});

describe('scheduled inspections in each airport\'s time zone', () => {
  /** The schedule's ticks that made inspections (one per property each). */
  const scheduled = () => perAirportCount(`select distinct airport_id, schedule_tick from inspections where schedule_tick is not null`);
  /** The airport's next 06:00 after the masters were made (within a day). */
  const nextSix = (timeZone: string) => latestCronTick(DAILY_AT_SIX, createdAt, new Date(createdAt.getTime() + 86_400_000), timeZone)!;

  it('a master due at 06:00 runs at each airport\'s own 06:00, once', async () => {
    const six = { HNL: nextSix('Pacific/Honolulu'), NYC: nextSix('America/New_York') };
    const [first, second] = six.HNL < six.NYC ? (['HNL', 'NYC'] as const) : (['NYC', 'HNL'] as const);
    const at = (code: 'HNL' | 'NYC', seconds: number) => new Date(six[code].getTime() + seconds * 1000).toISOString();
    await tick((now) => runInspectionSchedule(t.db, now), at(first, -30));
    expect(await scheduled()).toEqual({ HNL: 0, NYC: 0 });
    await tick((now) => runInspectionSchedule(t.db, now), at(first, 30));
    expect(await scheduled()).toEqual({ [first]: 1, [second]: 0 });
    await tick((now) => runInspectionSchedule(t.db, now), at(second, 30));
    expect(await scheduled()).toEqual({ HNL: 1, NYC: 1 });
    await tick((now) => runInspectionSchedule(t.db, now), at(second, 90));
    expect(await scheduled()).toEqual({ HNL: 1, NYC: 1 });
  });
});
