import { sql } from 'drizzle-orm';
import { MODULES, currentPeriods, type TSessionUser } from '@apron/core';
import { seedBenchInvoices } from '../../../apps/server/src/modules/invoices/invoices.seed-support';
import { airportToday } from '../../../apps/server/src/modules/invoices/index';
import { seedBenchAgreements } from '../../../apps/server/src/modules/agreements/agreements.seed-support';
import { ensureSystemSettings } from '../../../apps/server/src/modules/settings/index';
import { invoiceReport, loadDashboard } from '../../../apps/server/src/modules/reports/reports.bench-support';
import { propertyLeases } from '../../../apps/server/src/modules/properties/index';
import { agreementsLeaseSource } from '../../../apps/server/src/modules/agreements/agreements.bench-support';
import { PluginRegistry } from '../../../apps/server/src/platform/plugins/plugins.bench-support';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import type { ScratchDb } from '../scratch-db';

/**
 * Issue 14 item 9: the yearly billing report (`POST Reports/Invoices`' work: the airport's date,
 * then one aggregate per company in integer cents) over `size` invoices with five lines each
 * (default 200,000 -> 1,000,000 line items), and the dashboard's queries together for a staff
 * member holding every module — each timed in this process against the same SQL run bare through
 * the same driver, in one run, as medians of `rounds` calls. Not HTTP: the request overhead is
 * what the other scenarios measure; this one measures what our code adds to the database work.
 */
export interface ReportsBenchResult {
  invoices: number;
  lines: number;
  payments: number;
  seedMs: number;
  yearlyRows: number;
  yearlyMs: number;
  yearlyBareMs: number;
  yearlyRatio: number;
  dashboardMs: number;
  dashboardBareMs: number;
  dashboardRatio: number;
}

const YEAR = { begin: '2022-01-01', end: '2022-12-31' };

export const YEARLY_BILLING_SQL = `select t.company_id, c.name, t.n, t.billed, t.paid, t.due, t.overdue from (
    select company_id, count(*) as n, sum(total_cents) as billed, sum(paid_cents) as paid, sum(total_cents - paid_cents) as due,
           sum(case when total_cents - paid_cents > 0 and (status = 'Overdue' or (due_date is not null and due_date < $3)) then total_cents - paid_cents else 0 end) as overdue
    from invoices where invoice_date >= $1 and invoice_date <= $2 and status <> 'Cancelled' group by company_id) t
  inner join (select id, name from companies) c on c.id = t.company_id
  order by lower(c.name), t.company_id`;

/** The dashboard's statements for a staff member with every module, written by hand (inspections since 13:45). */
function dashboardBare(database: Database, today: string) {
  const p = currentPeriods(today);
  const open = `status <> 'Cancelled' and total_cents > paid_cents`;
  return Promise.all([
    database.query(`select value from system_settings where name = 'TIME_ZONE'`),
    database.query(`select coalesce(sum(total_cents - paid_cents), 0), coalesce(sum(case when (status = 'Overdue' or (due_date is not null and due_date < $1)) then total_cents - paid_cents else 0 end), 0), count(*) from invoices where ${open}`, [today]),
    database.query(`select coalesce(sum(amount_cents), 0) from payments where payment_date >= $1 and payment_date <= $2`, [p.currentMonth.begin, today]),
    database.query(`select coalesce(sum(amount_cents), 0) from payments where payment_date >= $1 and payment_date <= $2`, [p.previousMonth.begin, p.previousMonth.end]),
    database.query(`select t.id, t.name, count(*) filter (where p.id in (select ap.property_id from agreement_properties ap join agreements a on a.id = ap.agreement_id where not ap.archived and a.status <> 'Archived' and ap.start_date <= $1 and (ap.end_date is null or ap.end_date >= $1)))::int from properties p join property_types t on t.id = p.property_type_id where p.status = 'Active' group by t.id, t.name order by t.name`, [today]),
    database.query(`select count(*) filter (where end_date <= ($1::date + 30)), count(*) filter (where end_date <= ($1::date + 60)), count(*) filter (where end_date <= ($1::date + 90)) from agreements where status <> 'Archived' and end_date >= $1`, [today]),
    database.query(`select count(*) filter (where i.end_date <= ($1::date + 30)), count(*) filter (where i.end_date <= ($1::date + 60)), count(*) filter (where i.end_date <= ($1::date + 90)) from insurances i join agreement_properties ap on ap.id = i.agreement_property_id join agreements a on a.id = ap.agreement_id where a.status <> 'Archived' and i.end_date >= $1`, [today]),
    database.query(`select count(*)::int from waitlist_applicants`),
    database.query(`select count(*)::int from workorders where status <> 'Completed'`),
    database.query(`select count(*) from inspections where status <> 'Completed'`),
  ]);
}

/**
 * Medians of `rounds` timed calls of the app and of the bare SQL, taken alternately (app, bare,
 * app, ...) so both see the same load on a shared machine; one unmeasured call of each first.
 */
async function pairedMedians(rounds: number, app: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<{ appMs: number; bareMs: number }> {
  await app();
  await bare();
  const appTimes: number[] = [];
  const bareTimes: number[] = [];
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < rounds; i += 1) {
    // Alternate which goes first, so neither always runs on the other's warm cache.
    if (i % 2 === 0) {
      await time(app, appTimes);
      await time(bare, bareTimes);
    } else {
      await time(bare, bareTimes);
      await time(app, appTimes);
    }
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { appMs: mid(appTimes), bareMs: mid(bareTimes) };
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export async function measureReports(scratch: ScratchDb, size: number, rounds = 21): Promise<ReportsBenchResult> {
  const database = await scratch.open();
  try {
    const seedStarted = Date.now();
    await database.migrate();
    await ensureSystemSettings(database.db);
    await seedBenchInvoices(database.db, size);
    await seedBenchAgreements(database.db, Math.max(1000, Math.floor(size / 10)));
    // Every Paid bench invoice was paid by check five days after it was dated.
    await database.db.execute(sql`
      insert into payments (company_id, invoice_id, amount_cents, method, payment_date, account_name)
      select company_id, id, total_cents, 'check', invoice_date + 5, 'Bench' from invoices where status = 'Paid' and total_cents > 0`);
    // As the owner: the app role's own `analyze` skips tables it does not own (row-level security).
    await database.platformQuery('analyze');
    const seedMs = Date.now() - seedStarted;
    const [counts] = rowsOf<{ invoices: number; lines: number; payments: number }>(
      await database.db.execute(sql`select (select count(*)::int from invoices) as invoices, (select count(*)::int from invoice_line_items) as lines, (select count(*)::int from payments) as payments`),
    );

    const today = await airportToday(database.db);
    let yearlyRows = 0;
    const yearly = await pairedMedians(
      rounds,
      async () => {
        const report = await invoiceReport(database.db, { ...YEAR, kind: 'Billing' }, null, await airportToday(database.db));
        yearlyRows = report.rows.length;
      },
      async () => {
        await database.query(`select value from system_settings where name = 'TIME_ZONE'`);
        await database.query(YEARLY_BILLING_SQL, [YEAR.begin, YEAR.end, today]);
      },
    );
    const staff: TSessionUser = { id: '00000000-0000-4000-8000-000000000001', email: 'bench@apron.test', isInternal: true, isAdmin: true, modules: [...MODULES], companyId: null } as unknown as TSessionUser;
    // The dashboard as an app composes it: occupancy reads the agreements' leases, as the bare SQL does.
    const plugins = new PluginRegistry();
    plugins.provide(propertyLeases, 'agreements', agreementsLeaseSource);
    const dashboard = await pairedMedians(rounds, () => loadDashboard({ plugins }, database.db, staff), () => dashboardBare(database, today));
    const yearlyMs = yearly.appMs;
    const yearlyBareMs = yearly.bareMs;
    const dashboardMs = dashboard.appMs;
    const dashboardBareMs = dashboard.bareMs;
    return {
      ...counts!,
      seedMs,
      yearlyRows,
      yearlyMs,
      yearlyBareMs,
      yearlyRatio: yearlyMs / yearlyBareMs,
      dashboardMs,
      dashboardBareMs,
      dashboardRatio: dashboardMs / dashboardBareMs,
    };
  } finally {
    await database.close();
  }
}
