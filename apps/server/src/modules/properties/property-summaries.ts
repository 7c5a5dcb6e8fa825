import { asc, inArray, sql } from 'drizzle-orm';
import type { TPropertyStatus } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { derivedStatusSql } from './properties.repo';
import { properties } from './properties.table';

/** What other modules show of a property: name, rent, address and today's status. */
export interface PropertySummary {
  id: string;
  name: string;
  rentCents: number;
  address: string;
  status: TPropertyStatus;
}

const summaryColumns = (scope: PluginScope, day: string) => ({
  id: properties.id,
  name: properties.name,
  rentCents: properties.rentCents,
  address: properties.address,
  status: derivedStatusSql(scope, day),
});

/** The summaries of the given properties (missing ids are simply absent). */
export async function findPropertySummaries(scope: PluginScope, db: DbOrTx, ids: readonly string[], day: string): Promise<Map<string, PropertySummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(summaryColumns(scope, day)).from(properties).where(inArray(properties.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every property with its status today, by name (select boxes); capped like every list. */
export async function listPropertySummaries(scope: PluginScope, db: DbOrTx, day: string): Promise<PropertySummary[]> {
  return db.select(summaryColumns(scope, day)).from(properties).orderBy(sql`lower(${properties.name})`, asc(properties.id)).limit(5000);
}
