import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notices, notifications, type NoticeRow, type NotificationRow } from './settings.table';

/** The notification rules of a module and trigger (Settings > Notifications), for the event handler. */
export async function findNotificationRules(db: DbOrTx, module: string, trigger: string): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(and(eq(notifications.module, module), eq(notifications.trigger, trigger)));
}

/**
 * A default rule a module gives each new airport (its airport provisioner): added unless the
 * airport already has a rule of that name (names are unique regardless of case), so it is idempotent.
 */
export async function ensureNotificationRule(
  tx: DbOrTx,
  rule: Pick<NotificationRow, 'name' | 'module' | 'trigger' | 'notify' | 'template'>,
): Promise<void> {
  await tx.insert(notifications).values(rule).onConflictDoNothing();
}

/** A notice by its key (Settings > Notices; keys are unique regardless of case). */
export async function findNoticeByKey(db: DbOrTx, key: string): Promise<NoticeRow | null> {
  const [row] = await db.select().from(notices).where(sql`lower(${notices.key}) = lower(${key})`).limit(1);
  return row ?? null;
}

/** The notices of one module by name (the Send Notice dialog's choices). */
export async function findNoticesOfModule(db: DbOrTx, module: string): Promise<NoticeRow[]> {
  return db.select().from(notices).where(eq(notices.module, module)).orderBy(asc(sql`lower(${notices.name})`), asc(notices.key));
}
