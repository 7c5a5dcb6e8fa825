import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documentTypes, insuranceTypes } from './settings.table';

/**
 * Master data other modules show by name. A record of another module keeps only the id (a foreign
 * key); its lists read the name through these fragments, so the settings tables stay this
 * module's own (docs/adr/0004).
 */
export function documentTypeNameSql(typeId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${documentTypes.name} from ${documentTypes} where ${documentTypes.id} = ${typeId})`;
}

export function insuranceTypeNameSql(typeId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select ${insuranceTypes.name} from ${insuranceTypes} where ${insuranceTypes.id} = ${typeId})`;
}

export async function insuranceTypeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: insuranceTypes.id }).from(insuranceTypes).where(eq(insuranceTypes.id, id)).limit(1);
  return !!row;
}
