import { like, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { listFirstCompanyIds } from '../companies/index';
import { takeNumbers } from '../../platform/tenancy/numbering';
import { invoices } from './invoices.table';

/**
 * `count` generated invoices of one company, one $50.00 line each, numbered by the invoice
 * counter as the app numbers them (one block), in two set-based statements (no audit, events or e-mail).
 * For trying the product at a real size (the demo's `APRON_DEMO_INVOICES`) and for the tests that
 * page a grid to its end. No ANALYZE: the planner's statistics stay as stale as after any bulk load.
 */
export async function insertGeneratedInvoices(db: DbOrTx, companyId: string, count: number): Promise<void> {
  await db.execute(sql`
    with block as (select ${takeNumbers('invoice', sql`${count}::int`)} as first)
    insert into invoices (invoice_number, company_id, name, description, invoice_date, due_date, status, total_cents, paid_cents)
    select b.first + g - 1, ${companyId}::uuid, 'Generated invoice ' || g, 'Generated', date '2020-01-01' + (g % 1500), date '2020-01-31' + (g % 1500), 'Created', 5000, 0
    from generate_series(1, ${count}::int) as g cross join block b
    order by g`);
  await db.execute(sql`
    insert into invoice_line_items (invoice_id, name, description, charges_cents, amount, kind)
    select i.id, 'Generated line', 'Generated', 5000, 1, 'manual'
    from invoices i
    where i.company_id = ${companyId}::uuid and i.name like 'Generated invoice %'
      and not exists (select 1 from invoice_line_items l where l.invoice_id = i.id)`);
}

/**
 * Demo mode with `APRON_DEMO_INVOICES=N`: N generated invoices of the first demo company, once
 * (a restart adds none). The e2e journey that pages the invoices grid to its end runs on it.
 */
export async function seedDemoGeneratedInvoices(db: DbOrTx, config: Pick<Config, 'demo' | 'demoInvoices'>): Promise<number> {
  if (!config.demo || config.demoInvoices === 0) return 0;
  const [companyId] = await listFirstCompanyIds(db, 1);
  if (!companyId) return 0;
  const [existing] = await db.select({ id: invoices.id }).from(invoices).where(like(invoices.name, 'Generated invoice %')).limit(1);
  if (existing) return 0;
  await insertGeneratedInvoices(db, companyId, config.demoInvoices);
  return config.demoInvoices;
}
