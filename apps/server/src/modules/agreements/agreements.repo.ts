import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type TAgreementGridQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import { keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { companyDirectory } from '../companies/index';
import { invoiceCycleNameSql, paymentTypeNameSql, paymentTypeSkuTypeSql } from '../settings/index';
import type { AgreementScope } from './agreements.policy';
import { agreements, type AgreementRow } from './agreements.table';
import { containsPattern } from '../../platform/http/list-search';

const SORTS: Record<string, SQL | AnyPgColumn> = {
  title: sql`lower(${agreements.title})`,
  agreementNum: sql`lower(${agreements.agreementNum})`,
  startDate: agreements.startDate,
  endDate: agreements.endDate,
  status: agreements.status,
  tenantName: sql`lower(${companyDirectory.name})`,
  createdAt: agreements.createdAt,
};

export const gridColumns = {
  id: agreements.id,
  title: agreements.title,
  agreementNum: agreements.agreementNum,
  startDate: agreements.startDate,
  endDate: agreements.endDate,
  status: agreements.status,
  companyId: agreements.companyId,
  companyName: companyDirectory.name,
};
export type AgreementGridData = { id: string; title: string; agreementNum: string; startDate: string; endDate: string | null; status: string; companyId: string; companyName: string };

function scopeFilter(scope: AgreementScope): SQL | undefined {
  return scope.companyId ? eq(agreements.companyId, scope.companyId) : undefined;
}

/** `/agreements` and a company's agreements: filters, sort and paging in SQL; newest start first by default. */
export async function listAgreements(db: DbOrTx, query: TAgreementGridQuery, scope: AgreementScope): Promise<{ rows: AgreementGridData[] } & ListCount> {
  const filters: SQL[] = [];
  const scoped = scopeFilter(scope);
  if (scoped) filters.push(scoped);
  if (query.tenantId) filters.push(eq(agreements.companyId, query.tenantId));
  if (query.status) filters.push(eq(agreements.status, query.status));
  if (query.q) filters.push(sql`lower(${agreements.title} || ' ' || ${agreements.agreementNum}) like ${containsPattern(query.q)}`);
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'startDate', direction: 'desc' as const });
  // Blanks (`nulls last`) only where there are some (end date): on a NOT NULL
  // column it would stop the planner from reading the (start_date, id) index backwards.
  const order = keysetOrder('agreements', `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction, nullable: sort.field === 'endDate' }, { by: agreements.id, direction: sort.direction }], query);
  const page = await db
    .select({ ...gridColumns, cursorKeys: order.cursorKeys })
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  // The join is only needed for the count when sorting/filtering by company name: never here.
  // Exact up to 1,000 matches, estimated above: the count stops early like the page does.
  const counted = await countMatching(db, (after) => db.select({ one: sql`1` }).from(agreements).where(and(where, after)).$dynamic(), query, order.after);
  return { ...keysetPage(order, page), ...counted };
}

export async function findAgreementsByIds(db: DbOrTx, ids: string[], scope: AgreementScope): Promise<AgreementGridData[]> {
  const scoped = scopeFilter(scope);
  return db
    .select(gridColumns)
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(and(inArray(agreements.id, ids), ...(scoped ? [scoped] : [])))
    .orderBy(desc(agreements.startDate), asc(agreements.id));
}

export type AgreementDetailData = AgreementRow & { companyName: string; invoiceCycleName: string; paymentTypeName: string; paymentSkuType: string };

/** One agreement within the caller's scope, with the names of what it refers to; else null. */
export async function findAgreement(db: DbOrTx, id: string, scope: AgreementScope): Promise<AgreementDetailData | null> {
  const scoped = scopeFilter(scope);
  const [row] = await db
    .select({
      agreement: agreements,
      companyName: companyDirectory.name,
      // Required foreign keys: the names are always there, read by primary key.
      invoiceCycleName: invoiceCycleNameSql(agreements.invoiceCycleId),
      paymentTypeName: paymentTypeNameSql(agreements.rentAdjustmentTypeId),
      paymentSkuType: paymentTypeSkuTypeSql(agreements.rentAdjustmentTypeId),
    })
    .from(agreements)
    .innerJoin(companyDirectory, eq(companyDirectory.id, agreements.companyId))
    .where(and(eq(agreements.id, id), ...(scoped ? [scoped] : [])))
    .limit(1);
  return row ? { ...row.agreement, companyName: row.companyName, invoiceCycleName: row.invoiceCycleName, paymentTypeName: row.paymentTypeName, paymentSkuType: row.paymentSkuType } : null;
}

/** The agreement row locked for a change (services only; the scope was checked by the route). */
export async function lockAgreement(db: DbOrTx, id: string): Promise<AgreementRow | null> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function findAgreementByNumber(db: DbOrTx, agreementNum: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(sql`lower(${agreements.agreementNum}) = ${agreementNum.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}
