import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { insertCompany } from '../companies/index';
import { tiedownPayer } from './tiedowns.table';

export const PARKING_PAYER = {
  name: 'Transient Parking',
  description: 'Pilots paying for transient parking (tie-downs). The Transient Parking module bills their invoices here; the pilot of each invoice is named on it.',
  email: 'transient-parking@apron.invalid',
} as const;

/**
 * The company pilots' parking invoices are billed to. An invoice needs a payer company, and a
 * pilot is not an owner: one company, made on the first paid request (Inactive, so it is offered
 * for no lease or manual invoice), remembered in `tiedown_payer` so renaming it changes nothing.
 * Two first requests at once take turns on an advisory lock.
 */
export async function parkingPayerCompanyId(tx: Tx): Promise<string> {
  const [known] = await tx.select().from(tiedownPayer).limit(1);
  if (known) return known.companyId;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tiedowns.payer'))`);
  const [again] = await tx.select().from(tiedownPayer).limit(1);
  if (again) return again.companyId;
  const company = await insertCompany(tx, { ...PARKING_PAYER, status: 'Inactive' });
  await tx.insert(tiedownPayer).values({ id: 1, companyId: company.id });
  return company.id;
}
