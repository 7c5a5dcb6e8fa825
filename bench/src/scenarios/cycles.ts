import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../apps/server/src/db/db.bench-support';
import { addCalendarDays } from '@apron/core';
import { runInvoiceCycles, runOverdueInvoices } from '../../../apps/server/src/modules/invoices/invoices.bench-support';
import { seedBenchProperties } from '../../../apps/server/src/modules/properties/properties.seed-support';
import type { ScratchDb } from '../scratch-db';

/**
 * Issue 5 item 15 / issue 10 item 3: the monthly invoice cycle run (`runInvoiceCycles`, what the
 * daily `invoices.cycles` job calls) over `size` Active agreements on a monthly cycle (default
 * 10,000), each renting one property since 2020, so each gets one invoice with one full-month rent
 * line. Timed in the harness process on the scratch database (set-based, 2,000 agreements per
 * transaction, as the job runs), then run again: the second run must create nothing (the
 * agreement + period key). Then the overdue run (`invoices.overdue`) a day after they fall due:
 * every one of them becomes Overdue with one 5% late fee; again, a second run changes nothing.
 */
export interface CycleRunResult {
  agreements: number;
  seedMs: number;
  firstRunMs: number;
  created: number;
  secondRunMs: number;
  createdAgain: number;
  invoicesInDb: number;
  linesInDb: number;
  overdueRunMs: number;
  overdue: number;
  overdueAgain: number;
  lateFeesInDb: number;
  /** Domain events the runs published (one Invoices/Created per invoice, one /Updated per Overdue mark). */
  createdEventsInDb: number;
  updatedEventsInDb: number;
}


export async function seedCycleAgreements(db: DbOrTx, count: number, companyCount = 500): Promise<void> {
  await seedBenchProperties(db, count);
  await db.execute(sql`
    insert into invoice_cycles (name, description, due_days, expression)
    values ('Bench Monthly Cycle', 'Bench', 30, '0 6 1 * *')`);
  await db.execute(sql`
    insert into payment_types (name, description, sku_type, sku_percent, late_fee)
    select 'Bench Cycle CPI', 'Bench', 'CPI', 2, 5 where not exists (select 1 from payment_types where name = 'Bench Cycle CPI')`);
  await db.execute(sql`
    insert into companies (name, description, email, status)
    select 'Bench Lessee ' || g, 'Generated company ' || g, 'lessee' || g || '@bench.apron.test', 'Active'
    from generate_series(1, ${companyCount}) as g`);
  await db.execute(sql`
    insert into agreements (title, agreement_num, description, status, start_date, end_date, renewable, company_id, invoice_cycle_id, rent_adjustment_type_id)
    select 'Cycle Lease ' || g, 'CYCLE-' || g, 'Generated agreement ' || g, 'Active', date '2020-01-01', null, true,
           c.id, (select id from invoice_cycles where name = 'Bench Monthly Cycle'), (select id from payment_types where name = 'Bench Cycle CPI')
    from generate_series(1, ${count}) as g
    inner join (select id, row_number() over (order by name) as n from companies where name like 'Bench Lessee %') c on c.n = 1 + g % ${companyCount}`);
  // One property per agreement, from 2020 on, open-ended.
  await db.execute(sql`
    insert into agreement_properties (agreement_id, property_id, start_date)
    select a.id, p.id, date '2020-01-01'
    from (select id, row_number() over (order by id) as n from agreements where agreement_num like 'CYCLE-%') a
    inner join (select id, row_number() over (order by id) as n from properties where name like 'Bench Property %') p on p.n = a.n`);
  for (const table of ['companies', 'agreements', 'agreement_properties', 'properties', 'invoices']) await db.execute(sql.raw(`analyze ${table}`));
}

export async function measureCycleRun(scratch: ScratchDb, size: number): Promise<CycleRunResult> {
  const database = await scratch.open();
  try {
    const seedStarted = Date.now();
    await database.migrate();
    await seedCycleAgreements(database.db, size);
    // As the owner: the app role's own `analyze` skips tables it does not own (row-level security, issue 22).
    await database.platformQuery('analyze');
    const seedMs = Date.now() - seedStarted;

    const firstStarted = performance.now();
    const first = await runInvoiceCycles(database.db);
    const firstRunMs = performance.now() - firstStarted;
    const secondStarted = performance.now();
    const second = await runInvoiceCycles(database.db);
    const secondRunMs = performance.now() - secondStarted;

    const overdueDay = addCalendarDays(first.today, 31); // due 30 days after the run
    const overdueStarted = performance.now();
    const overdue = await runOverdueInvoices(database.db, overdueDay);
    const overdueRunMs = performance.now() - overdueStarted;
    const overdueAgain = await runOverdueInvoices(database.db, overdueDay);

    const [counts] = rowsOf<{ invoices: number; lines: number; fees: number; created_events: number; updated_events: number }>(
      await database.db.execute(sql`
        select (select count(*)::int from invoices where agreement_id is not null) as invoices,
               (select count(*)::int from invoice_line_items where kind = 'rent') as lines,
               (select count(*)::int from invoice_line_items where kind = 'late_fee') as fees,
               (select count(*)::int from domain_events where module = 'Invoices' and trigger = 'Created') as created_events,
               (select count(*)::int from domain_events where module = 'Invoices' and trigger = 'Updated') as updated_events`),
    );
    return {
      agreements: size, seedMs, firstRunMs, created: first.created, secondRunMs, createdAgain: second.created, invoicesInDb: Number(counts!.invoices), linesInDb: Number(counts!.lines),
      overdueRunMs, overdue: overdue.overdue, overdueAgain: overdueAgain.overdue, lateFeesInDb: Number(counts!.fees),
      createdEventsInDb: Number(counts!.created_events), updatedEventsInDb: Number(counts!.updated_events),
    };
  } finally {
    await database.close();
  }
}
