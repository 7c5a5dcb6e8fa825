import { eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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
