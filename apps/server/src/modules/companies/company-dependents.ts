import type { DbOrTx } from '../../db/client';
import { deleteCompanyUsers } from '../accounts/index';
import { deleteCompanies } from './companies-import.repo';
import { findCompaniesByIds } from './companies.repo';

/**
 * Whether companies can be deleted (an import's undo): every record that refers to a company —
 * agreements, invoices, payments, balance records, parking payers, card attempts — holds it with
 * a restricting foreign key, so the database knows them all, including those of modules added
 * later. The delete is tried in a savepoint and always rolled back; a refusal names the company
 * and what refers to it. (Asking each module instead would make companies depend on them all,
 * and they depend on companies.)
 */

/** What the tables that refer to a company hold, as a person says it. */
const DEPENDENT_NAMES: Record<string, string> = {
  agreements: 'lease agreements',
  invoices: 'invoices',
  payments: 'payments',
  balance_records: 'balance records',
  card_attempts: 'card payments',
  tiedown_payer: 'parking requests',
  accounts: 'users added',
};

class TrialOver extends Error {}

interface PgError {
  code?: string;
  table?: string;
}

function foreignKeyViolation(error: unknown): PgError | null {
  for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as { cause?: unknown } | undefined) {
    if ((e as PgError).code === '23503') return e as PgError;
  }
  return null;
}

export interface CompanyDependents {
  companyName: string;
  what: string;
}

/** Deletes them in a savepoint that is always rolled back: the violation that stopped it, or null. */
async function trialDelete(db: DbOrTx, companyIds: readonly string[], createdUserIds: readonly string[]): Promise<PgError | null> {
  try {
    await db.transaction(async (trial) => {
      await deleteCompanyUsers(trial, createdUserIds);
      await deleteCompanies(trial, companyIds);
      throw new TrialOver();
    });
  } catch (error) {
    if (error instanceof TrialOver) return null;
    const violation = foreignKeyViolation(error);
    if (!violation) throw error;
    return violation;
  }
  return null;
}

/**
 * The first company (of `companyIds`) that other records refer to, or null when all could go.
 * Row-level security keeps the key out of the database's message, so the company is found by
 * halving the set (a few trials, only when one is refused).
 */
export async function companyDependentsOf(db: DbOrTx, companyIds: readonly string[], createdUserIds: readonly string[]): Promise<CompanyDependents | null> {
  if (companyIds.length === 0) return null;
  let violation = await trialDelete(db, companyIds, createdUserIds);
  if (!violation) return null;
  let suspects = [...companyIds];
  while (suspects.length > 1) {
    const half = suspects.slice(0, Math.ceil(suspects.length / 2));
    const found = await trialDelete(db, half, createdUserIds);
    if (found) violation = found;
    suspects = found ? half : suspects.slice(half.length);
  }
  const name = (await findCompaniesByIds(db, suspects)).get(suspects[0]!)?.name;
  return { companyName: name ? `Company ${name}` : 'A company of this import', what: DEPENDENT_NAMES[violation.table ?? ''] ?? 'records' };
}
