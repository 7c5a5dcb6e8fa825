import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { takeNumbers } from '../../platform/tenancy/numbering';

/**
 * Benchmark data (issue 5 item 15): `count` invoices over 500 companies, five lines each
 * (200,000 invoices -> 1,000,000 lines), statuses spread evenly, totals maintained as the app
 * does. Bulk INSERT ... SELECT; for `bench/` only, never called by the app or tests.
 */
export async function seedBenchInvoices(db: DbOrTx, count: number, companyCount = 500): Promise<{ companyIds: string[] }> {
  await db.execute(sql`
    insert into companies (name, description, email, status)
    select 'Bench Billing ' || g, 'Generated company ' || g, 'billing' || g || '@bench.apron.test', 'Active'
    from generate_series(1, ${companyCount}) as g`);
  await db.execute(sql`
    with block as (select ${takeNumbers('invoice', sql`${count}::int`)} as first)
    insert into invoices (invoice_number, company_id, name, description, invoice_date, due_date, status, total_cents, paid_cents)
    select (select first from block) + g - 1, c.id, 'Bench invoice ' || g, 'Generated', date '2020-01-01' + (g % 2000), date '2020-01-31' + (g % 2000),
           (array['Created', 'Overdue', 'Paid', 'Cancelled'])[1 + g % 4],
           5 * (1000 + g % 100), case when g % 4 = 2 then 5 * (1000 + g % 100) else 0 end
    from generate_series(1, ${count}) as g
    inner join (select id, row_number() over (order by name) as n from companies where name like 'Bench Billing %') c on c.n = 1 + g % ${companyCount}`);
  await db.execute(sql`
    insert into invoice_line_items (invoice_id, name, description, charges_cents, amount, kind)
    select i.id, 'Line ' || k, 'Generated', i.total_cents / 5, 1, 'manual'
    from invoices i cross join generate_series(1, 5) as k
    where i.name like 'Bench invoice %'`);
  await db.execute(sql`analyze companies`);
  await db.execute(sql`analyze invoices`);
  await db.execute(sql`analyze invoice_line_items`);
  const rows = await db.execute<{ id: string }>(sql`select id from companies where name like 'Bench Billing %' order by name limit 5`);
  const list = rowsOf<{ id: string }>(rows);
  return { companyIds: list.map((r) => r.id) };
}
