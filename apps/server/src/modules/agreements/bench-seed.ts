import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Benchmark data (issue 4 item 14): `count` agreements over `companyCount` companies in bulk
 * INSERT ... SELECT statements (the grids read agreements and companies only, so no properties).
 * For `bench/` only: never called by the app or tests. One invoice cycle and one payment type
 * are created when missing.
 */
export async function seedBenchAgreements(db: DbOrTx, count: number, companyCount = 500): Promise<{ companyIds: string[] }> {
  await db.execute(sql`
    insert into invoice_cycles (name, description, due_days, expression)
    select 'Bench Monthly', 'Bench', 30, '0 6 1 * *' where not exists (select 1 from invoice_cycles where name = 'Bench Monthly')`);
  await db.execute(sql`
    insert into payment_types (name, description, sku_type, sku_percent, late_fee)
    select 'Bench CPI', 'Bench', 'CPI', 2, 5 where not exists (select 1 from payment_types where name = 'Bench CPI')`);
  await db.execute(sql`
    insert into companies (name, description, email, status)
    select 'Bench Company ' || g, 'Generated company ' || g, 'bench' || g || '@bench.apron.test', 'Active'
    from generate_series(1, ${companyCount}) as g`);
  await db.execute(sql`
    insert into agreements (title, agreement_num, description, status, start_date, end_date, renewable, company_id, invoice_cycle_id, rent_adjustment_type_id)
    select 'Bench Lease ' || g, 'BENCH-' || g, 'Generated agreement ' || g,
           (array['Active', 'Expiring Soon', 'Expired', 'Archived'])[1 + g % 4],
           date '2020-01-01' + (g % 2000), date '2020-01-01' + (g % 2000) + 365 + (g % 700), true,
           (select id from companies where name = 'Bench Company ' || (1 + g % ${companyCount})),
           (select id from invoice_cycles where name = 'Bench Monthly'),
           (select id from payment_types where name = 'Bench CPI')
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`analyze companies`);
  await db.execute(sql`analyze agreements`);
  const rows = await db.execute<{ id: string }>(sql`select id from companies where name like 'Bench Company %' order by name limit 5`);
  const list = rowsOf<{ id: string }>(rows);
  return { companyIds: list.map((r) => r.id) };
}
