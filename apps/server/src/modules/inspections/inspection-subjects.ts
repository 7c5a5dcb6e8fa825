import { sql, type SQL } from 'drizzle-orm';
import type { TInspectionModule } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { activePropertyOptionsSql, listActivePropertyOptions } from '../properties/index';
import { currentAgreementOptionsSql, listCurrentAgreementOptions } from '../agreements/index';

/**
 * What an inspection can be for ('Inspection For'): the Active properties, or the current
 * agreements, read through their modules' doors (functions and `(id, name)` subqueries).
 */
export function subjectsSql(module: TInspectionModule): SQL {
  return module === 'Property' ? activePropertyOptionsSql() : currentAgreementOptionsSql();
}

export async function listSubjects(db: DbOrTx, module: TInspectionModule): Promise<Array<{ id: string; name: string }>> {
  return module === 'Property' ? listActivePropertyOptions(db) : listCurrentAgreementOptions(db);
}

/** The name of one property or agreement of the module, or null when it is not one. */
export async function findSubjectName(db: DbOrTx, module: TInspectionModule, id: string): Promise<string | null> {
  const result = await db.execute(sql`select s.name from (${subjectsSql(module)}) s where s.id = ${id} limit 1`);
  const rows = (result as unknown as { rows: Array<{ name: string }> }).rows;
  return rows[0]?.name ?? null;
}
