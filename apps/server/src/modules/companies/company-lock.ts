import { eq, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cte } from '../../db/prepared';
import { companies } from './companies.table';

/**
 * Lock a company's row (`FOR UPDATE`) until commit: every change of the company's balance ledger
 * takes turns on it. `id` may be another module's scalar subquery (the company of an invoice,
 * `invoiceCompanyIdSql`), so finding and locking the company stay one statement. Null when there
 * is no such company.
 */
export async function lockCompany(tx: Tx, id: string | SQL<string | null>): Promise<{ id: string; name: string; email: string } | null> {
  const [row] = await tx.select({ id: companies.id, name: companies.name, email: companies.email }).from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

/**
 * `lockCompany` as a CTE named `name` (columns id, name, email; no row when there is no such
 * company), for a statement that takes more locks after it: a later CTE that must lock only once
 * the company is locked gates on `exists (select 1 from <name>)` (pay from balance's one locking
 * read). PostgreSQL materialises a CTE referenced twice (the gate and the result): it locks once.
 */
export function lockCompanyCte(name: string, id: SQL<string | null>): WithSubquery {
  return cte(name, sql`
    select ${companies.id} as id, ${companies.name} as name, ${companies.email} as email
    from ${companies} where ${companies.id} = ${id}
    for update`);
}
