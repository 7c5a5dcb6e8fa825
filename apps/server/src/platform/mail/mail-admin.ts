import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TMailListQuery, TMailMessage, TMailStatus } from '@apron/core';
import { PRIVATE_MAIL_KINDS, type TSentMailBody } from '@apron/core/communications';
import { containsPattern } from '../http/list-search';
import { sanitizeRichText } from '../html/sanitize';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/audit';
import { mailOutbox } from './mail.table';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The outbox row as staff see it: who, what about, and how delivery went (never the body). */
export function presentMail(row: OutboxRow): TMailMessage {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status as TMailStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** Newest first, optionally one status (`failed`: the ones to look at) and a search of subject and recipients. */
export async function listMail(db: Db, query: TMailListQuery): Promise<{ rows: OutboxRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailOutbox.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(mailOutbox.subject, pattern), sql`array_to_string(${mailOutbox.to}, ' ') ilike ${pattern}`, ilike(mailOutbox.kind, pattern))!);
  }
  const where: SQL | undefined = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/**
 * A failed e-mail goes back to the queue with a full set of attempts (the delivery job sends it
 * on its next run). Only failed ones: a queued or sent one is not sent twice by a click.
 */
export async function resendFailedMail(db: Db, actor: AuditActor, id: string): Promise<OutboxRow | 'not-found' | 'not-failed'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning();
    if (!row) {
      const [existing] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
      return existing ? 'not-failed' : 'not-found';
    }
    await recordAudit(tx, actor, { action: 'resend', entity: 'mail', entityId: id });
    return row;
  });
}

/**
 * One e-mail's body for Notifications Sent: the HTML sanitised again on the way out (older rows
 * and other senders' HTML included), the text as text. Kinds that carry a link meant for the
 * recipient alone (account invitations, password links) are never shown.
 */
export async function findMailBody(db: Db, id: string): Promise<TSentMailBody | null> {
  const [row] = await db
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, kind: mailOutbox.kind, html: mailOutbox.html, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  if (!row) return null;
  if (PRIVATE_MAIL_KINDS.includes(row.kind)) return { _id: row.id, subject: row.subject, html: null, text: null, private: true };
  return { _id: row.id, subject: row.subject, html: row.html ? sanitizeRichText(row.html) : null, text: row.text, private: false };
}
