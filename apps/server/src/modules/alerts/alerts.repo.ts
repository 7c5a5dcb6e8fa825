import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { type TListQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { findEnabledInternalAdmins } from '../../platform/auth/accounts.repo';
import { resolveSort } from '../../platform/http/list-sort';
import { alertRecipients, alerts, type AlertRow } from './alerts.table';
import { containsPattern } from '../../platform/http/list-search';

export type RecipientAlert = AlertRow & { isNew: boolean };

/** Enabled internal administrators: who receives the public forms. */
export const findInternalAdmins = findEnabledInternalAdmins;

export async function insertAlert(
  db: DbOrTx,
  values: { kind: string; subject: string; body: string; createdBy: string | null },
  recipientIds: string[],
): Promise<AlertRow> {
  const [row] = await db.insert(alerts).values(values).returning();
  if (recipientIds.length > 0) await db.insert(alertRecipients).values(recipientIds.map((accountId) => ({ alertId: row!.id, accountId })));
  return row!;
}

const SORT_COLUMNS = { createdAt: alerts.createdAt, subject: alerts.subject } as const;

/** The caller's alerts (not removed), paged and sorted in SQL; newest first by default. */
export async function findAlertsOfAccount(db: DbOrTx, accountId: string, query: TListQuery): Promise<{ rows: RecipientAlert[]; total: number }> {
  const sort = resolveSort(SORT_COLUMNS, query.sort, { field: 'createdAt', direction: 'desc' });
  const column = sort.by;
  const direction = sort.direction === 'asc' ? asc : desc;
  const conditions: SQL[] = [eq(alertRecipients.accountId, accountId), isNull(alertRecipients.deletedAt)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(alerts.subject, pattern), ilike(alerts.body, pattern))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ alert: alerts, isNew: alertRecipients.isNew })
    .from(alertRecipients)
    .innerJoin(alerts, eq(alerts.id, alertRecipients.alertId))
    .where(where)
    .orderBy(direction(column), desc(alerts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ total: count() }).from(alertRecipients).innerJoin(alerts, eq(alerts.id, alertRecipients.alertId)).where(where);
  return { rows: rows.map((r) => ({ ...r.alert, isNew: r.isNew })), total: counted?.total ?? 0 };
}

export async function findAlertOfAccount(db: DbOrTx, accountId: string, alertId: string): Promise<RecipientAlert | null> {
  const [row] = await db
    .select({ alert: alerts, isNew: alertRecipients.isNew })
    .from(alertRecipients)
    .innerJoin(alerts, eq(alerts.id, alertRecipients.alertId))
    .where(and(eq(alertRecipients.accountId, accountId), eq(alertRecipients.alertId, alertId), isNull(alertRecipients.deletedAt)))
    .limit(1);
  return row ? { ...row.alert, isNew: row.isNew } : null;
}

export async function markAlertRead(db: DbOrTx, accountId: string, alertId: string): Promise<void> {
  await db
    .update(alertRecipients)
    .set({ isNew: false })
    .where(and(eq(alertRecipients.accountId, accountId), eq(alertRecipients.alertId, alertId), eq(alertRecipients.isNew, true)));
}

/** Removes the alert from one recipient's list; true when there was one to remove. */
export async function removeAlertForAccount(db: DbOrTx, accountId: string, alertId: string): Promise<boolean> {
  const rows = await db
    .update(alertRecipients)
    .set({ deletedAt: new Date() })
    .where(and(eq(alertRecipients.accountId, accountId), eq(alertRecipients.alertId, alertId), isNull(alertRecipients.deletedAt)))
    .returning({ alertId: alertRecipients.alertId });
  return rows.length > 0;
}

/** The caller's unread alerts (the badge on the Alerts tile and in the top bar). */
export async function countUnreadAlerts(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(alertRecipients)
    .where(and(eq(alertRecipients.accountId, accountId), eq(alertRecipients.isNew, true), isNull(alertRecipients.deletedAt)));
  return row?.total ?? 0;
}
