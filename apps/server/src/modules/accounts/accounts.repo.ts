import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
