import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type TAccountListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { resolveSort } from '../../platform/http/list-sort';
import { accounts, type AccountRow } from './accounts.table';

export type NewAccount = typeof accounts.$inferInsert;

export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

export async function insertAccount(db: DbOrTx, values: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values({ ...values, email: values.email.toLowerCase() }).returning();
  return row!;
}

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** `%text%` for LIKE, with the wildcard characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORTS: Record<string, SQL | AnyPgColumn> = {
  email: sql`lower(${accounts.email})`,
  givenName: sql`lower(${accounts.givenName})`,
  familyName: sql`lower(${accounts.familyName})`,
  createdAt: accounts.createdAt,
  lastSignInAt: accounts.lastSignInAt,
};

/** The Accounts grid: `q` over e-mail and names (trigram index on the same expression). */
export async function listAccounts(db: DbOrTx, query: TAccountListQuery): Promise<{ rows: AccountRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(sql`lower(${accounts.email} || ' ' || ${accounts.givenName} || ' ' || ${accounts.familyName}) like ${containsPattern(query.q)}`);
  }
  if (query.internal) filters.push(eq(accounts.isInternal, query.internal === 'true'));
  const where = filters.length ? and(...filters) : undefined;
  const sort = resolveSort(SORTS, query.sort, { field: 'email', direction: 'asc' as const });
  const column = sort.by;
  const order = sort.direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(order, asc(accounts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findAccountForUpdate(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateAccountRow(db: DbOrTx, id: string, values: Partial<NewAccount>): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row!;
}
