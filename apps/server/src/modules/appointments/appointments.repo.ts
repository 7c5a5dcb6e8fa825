import { and, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { TListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { containsPattern } from '../../platform/http/list-search';
import { resolveSort } from '../../platform/http/list-sort';
import { keysetOrder, keysetPage } from '../../platform/http/list-keyset';
import { invites, type InviteRow } from './appointments.table';

export async function insertInvite(db: DbOrTx, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

const SORTS = { createdAt: invites.createdAt, start: invites.startsAt, title: invites.title } as const;

/** Sent invites, newest first by default, paged and searched in SQL (title, location, recipients). */
export async function listInvites(db: DbOrTx, query: TListQuery): Promise<{ rows: InviteRow[] } & ListCount> {
  const sort = resolveSort(SORTS, query.sort, { field: 'createdAt', direction: 'desc' });
  let where: SQL | undefined;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where = or(ilike(invites.title, pattern), ilike(invites.location, pattern), ilike(invites.createdByEmail, pattern));
  }
  const order = keysetOrder('invites', `${sort.field}:${sort.direction}`, [{ by: sort.by, direction: sort.direction }, { by: invites.id, direction: sort.direction }], query);
  const page = await db
    .select({ ...getTableColumns(invites), cursorKeys: order.cursorKeys })
    .from(invites)
    .where(and(where, order.after))
    .orderBy(...order.orderBy)
    .limit(query.pageSize)
    .offset(order.offset);
  const counted = await countMatching(db, (after) => db.select({ id: invites.id }).from(invites).where(and(where, after)).$dynamic(), query, order.after);
  return { ...keysetPage(order, page), ...counted };
}
