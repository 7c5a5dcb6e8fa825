import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.table';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
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
