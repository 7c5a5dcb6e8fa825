/**
 * `npx tsx bench/src/explain-grids.ts [size]` (PostgreSQL via DATABASE_URL): seeds `size`
 * invoices and agreements in a scratch database and prints EXPLAIN ANALYZE of the grids' first
 * page and of their counts, as the app runs them. For reading plans, not timing (bench/ times).
 */
import { seedBenchAgreements } from '../../apps/server/src/modules/agreements/agreements.seed-support';
import { seedBenchInvoices } from '../../apps/server/src/modules/invoices/invoices.seed-support';
import { createScratchDb } from './scratch-db';

const QUERIES: Record<string, string> = {
  'invoices page (status Overdue, newest number first)': `select i.*, c.name from invoices i inner join companies c on c.id = i.company_id
    where i.status = 'Overdue' order by i.invoice_number desc, i.invoice_number desc limit 10`,
  'invoices exact count (before)': `select count(*) from invoices where status = 'Overdue'`,
  'invoices count up to 1,001 (after)': `select count(*) from (select 1 from invoices where status = 'Overdue' limit 1001) m`,
  'invoices estimate (after, above 1,000)': `explain (format json) select 1 from invoices where status = 'Overdue'`,
  'agreements page (newest start first)': `select a.id, a.title, c.name from agreements a inner join companies c on c.id = a.company_id
    order by a.start_date desc, a.id desc limit 10`,
  'agreements exact count (before)': `select count(*) from agreements`,
  'agreements count up to 1,001 (after)': `select count(*) from (select 1 from agreements limit 1001) m`,
};

async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 100_000);
  const scratch = await createScratchDb('explain', process.env.DATABASE_URL);
  const database = await scratch.open();
  try {
    await database.migrate();
    await seedBenchInvoices(database.db, size);
    await seedBenchAgreements(database.db, size);
    await database.query('vacuum analyze');
    for (const [name, query] of Object.entries(QUERIES)) {
      const explain = query.startsWith('explain') ? query.replace('explain (format json)', 'explain analyze') : `explain analyze ${query}`;
      const { rows } = await database.query(explain);
      console.log(`\n-- ${name} (${size} rows)`);
      for (const row of rows) console.log(String(row['QUERY PLAN']));
    }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
