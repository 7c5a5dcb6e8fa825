import { asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { TListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { containsPattern } from '../../platform/http/list-search';
import { resolveSort } from '../../platform/http/list-sort';
import { invites, type InviteRow } from './appointments.table';

export async function insertInvite(db: DbOrTx, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

const SORTS = { createdAt: invites.createdAt, start: invites.startsAt, title: invites.title } as const;

/** Sent invites, newest first by default, paged and searched in SQL (title, location, recipients). */
export async function listInvites(db: DbOrTx, query: TListQuery): Promise<{ rows: InviteRow[] } & ListCount> {
  const sort = resolveSort(SORTS, query.sort, { field: 'createdAt', direction: 'desc' });
  const direction = sort.direction === 'asc' ? asc : desc;
  let where: SQL | undefined;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where = or(ilike(invites.title, pattern), ilike(invites.location, pattern), ilike(invites.createdByEmail, pattern));
  }
  const rows = await db
    .select()
    .from(invites)
    .where(where)
    .orderBy(direction(sort.by), direction(invites.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const counted = await countMatching(db, () => db.select({ id: invites.id }).from(invites).where(where).$dynamic(), query);
  return { rows, ...counted };
}
