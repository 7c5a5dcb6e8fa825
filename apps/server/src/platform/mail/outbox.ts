import { and, eq, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cte } from '../../db/prepared';
import { mailOutbox } from './mail.table';

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments?: MailAttachment[];
  /** The record the mail is about, e.g. `payment:<id>`. */
  ref?: string;
  /** Hold delivery this long (work after commit, such as a PDF, may still be attached). */
  holdSeconds?: number;
}

/** Queue an e-mail in the caller's transaction; the delivery job sends it. */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [id] = await queueMails(tx, [mail]);
  return id!;
}

/** Queue several e-mails in one statement (in the caller's transaction); ids in the same order. */
export async function queueMails(tx: DbOrTx, mails: readonly OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        kind: mail.kind,
        attachments: mail.attachments ?? [],
        ref: mail.ref ?? null,
        nextAttemptAt: new Date(Date.now() + (mail.holdSeconds ?? 0) * 1000),
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * The e-mails of a composed statement (one statement for a whole money operation): a CTE named
 * `name` queueing one e-mail per row of `select`, whose columns are `to_addrs` (text[]),
 * `subject`, `text`, `kind`, `ref` (text) and `hold_seconds` (int) - what `queueMails` takes,
 * for values only known inside the statement (a receipt number).
 */
export function mailInsertCte(name: string, select: SQL): WithSubquery {
  return cte(name, sql`
    insert into mail_outbox ("to", subject, text, kind, ref, next_attempt_at)
    select m.to_addrs, m.subject, m.text, m.kind, m.ref, now() + make_interval(secs => m.hold_seconds)
    from (${select}) as m
    returning id`);
}

/** Held or retrying, not yet sent: work after commit may still change these. */
const isWaiting = (ref: string) => and(eq(mailOutbox.ref, ref), eq(mailOutbox.status, 'queued'));

/** One e-mail by its id, or the e-mails about a record by their `ref`. */
export type QueuedMailTarget = { id: string } | { ref: string };

/**
 * Attach files to the waiting e-mail and release it if it is still held. An e-mail already tried
 * (SMTP down) keeps its backoff: releasing it would spend its attempts at once. Returns false
 * when nothing is waiting (already sent or being sent: it goes without the files).
 */
export async function attachToQueuedMail(db: DbOrTx, target: QueuedMailTarget, attachments: MailAttachment[]): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({
      attachments,
      nextAttemptAt: sql`case when ${mailOutbox.attempts} = 0 then least(${mailOutbox.nextAttemptAt}, now()) else ${mailOutbox.nextAttemptAt} end`,
    })
    .where('id' in target ? and(eq(mailOutbox.id, target.id), eq(mailOutbox.status, 'queued')) : isWaiting(target.ref))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Release the held e-mail about `ref` as it is (nothing more will be attached). */
export async function releaseHeldMail(db: DbOrTx, ref: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(isWaiting(ref), eq(mailOutbox.attempts, 0), sql`${mailOutbox.nextAttemptAt} > now()`));
}

/** Of these refs, the ones whose e-mail still waits for its attachments (one query for a batch). */
export async function refsAwaitingAttachments(db: DbOrTx, refs: readonly string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ ref: mailOutbox.ref })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.ref, [...refs]), eq(mailOutbox.status, 'queued'), sql`jsonb_array_length(${mailOutbox.attachments}) = 0`));
  return new Set(rows.map((r) => r.ref!));
}

/** Is an e-mail about `ref` still waiting for its attachments? (Work to attach them is then worth doing.) */
export async function isMailAwaitingAttachments(db: DbOrTx, ref: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isWaiting(ref), sql`jsonb_array_length(${mailOutbox.attachments}) = 0`))
    .limit(1);
  return rows.length > 0;
}
