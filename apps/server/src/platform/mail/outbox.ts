import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.table';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

/** Queue an e-mail in the caller's transaction; the delivery job sends it. */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind, attachments: mail.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
