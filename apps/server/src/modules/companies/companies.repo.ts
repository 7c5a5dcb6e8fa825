import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type TCompanyGridQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import { findCompanyAccountForUpdate, listAccountsOfCompany } from '../../platform/auth/accounts.repo';
import { companies, type CompanyRow, type NewCompany } from './companies.table';
import { containsPattern } from '../../platform/http/list-search';

const SORTS: Record<string, SQL | AnyPgColumn> = {
  name: sql`lower(${companies.name})`,
  description: sql`lower(${companies.description})`,
  email: sql`lower(${companies.email})`,
  phone: companies.phone,
  contactname: sql`lower(${companies.contactName})`,
  contactphone: companies.contactPhone,
  status: companies.status,
  createdAt: companies.createdAt,
};

/** `scope` null = every company; otherwise only that company (a tenant). */
export async function listCompanies(db: DbOrTx, query: TCompanyGridQuery, scope: string | null): Promise<{ rows: CompanyRow[]; total: number }> {
  const filters: SQL[] = [];
  if (scope) filters.push(eq(companies.id, scope));
  if (query.status) filters.push(eq(companies.status, query.status));
  if (query.q) {
    filters.push(
      sql`lower(${companies.name} || ' ' || ${companies.description} || ' ' || ${companies.email} || ' ' || ${companies.contactName}) like ${containsPattern(query.q)}`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'name', direction: 'asc' as const });
  const column = sort.by;
  const order = sort.direction === 'desc' ? sql`${column} desc` : sql`${column} asc`;
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(order, asc(companies.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(companies).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function listActiveCompanies(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.status, 'Active'))
    .orderBy(sql`lower(${companies.name})`, asc(companies.id));
}

/** A company the scope may see (null = any), else null: ownership is part of the query. */
export async function findCompany(db: DbOrTx, id: string, scope: string | null = null, forUpdate = false): Promise<CompanyRow | null> {
  const where = scope ? and(eq(companies.id, id), eq(companies.id, scope)) : eq(companies.id, id);
  const query = db.select().from(companies).where(where).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Many companies by id in one query (rows of companies that exist; no scope: callers hold the ids). */
export async function findCompaniesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, CompanyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(companies).where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The ids of the companies with these exact names (the demo seed matches its companies by name). */
export async function findCompanyIdsByName(db: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The ids of the first `limit` companies by name (the demo billing bills a few of them). */
export async function listFirstCompanyIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.name)).limit(limit);
  return rows.map((row) => row.id);
}

export async function insertCompany(db: DbOrTx, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompanyRow(db: DbOrTx, id: string, values: Partial<NewCompany>): Promise<CompanyRow> {
  const [row] = await db.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.id, id)).returning();
  return row!;
}

/** A company's users and one of them (locked): the account store answers (platform/auth). */
export const listCompanyUsers = listAccountsOfCompany;
export const findCompanyUser = (db: DbOrTx, companyId: string, userId: string) => findCompanyAccountForUpdate(db, companyId, userId);
