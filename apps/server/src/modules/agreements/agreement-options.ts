import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agreements } from './agreements.table';

const CURRENT = ['Active', 'Expiring Soon'];

/**
 * Agreements as other modules pick them (inspections' 'Inspection For'): id and title of the
 * current ones (Active, Expiring Soon). `currentAgreementOptionsSql` is the same set as a
 * subquery `(id, name)` for set-based inserts.
 */
export function currentAgreementOptionsSql(): SQL {
  return sql`select ${agreements.id} as id, ${agreements.title} as name from ${agreements} where ${agreements.status} in ('Active', 'Expiring Soon')`;
}

export async function listCurrentAgreementOptions(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: agreements.id, name: agreements.title })
    .from(agreements)
    .where(inArray(agreements.status, CURRENT))
    .orderBy(sql`lower(${agreements.title})`, asc(agreements.id))
    .limit(5000);
}
