import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findAccountAtAirport, findEnabledInternalAdmins } from '../../platform/auth/accounts.repo';
import { chatDocuments, chatMessages, chatThreads, type ChatDocumentRow, type ChatMessageRow } from './chat.table';

/** What a message shows of its documents (the presenter's fields). */
export type MessageDocument = Pick<ChatDocumentRow, 'id' | 'name' | 'contentType' | 'size'>;
export type MessageWithDocuments = ChatMessageRow & { documents: MessageDocument[] };

/**
 * A message's documents as one JSON array, read in the same statement as the message. Written out
 * in full: in a one-table select Drizzle leaves `${chatMessages.id}` unqualified, which inside this
 * subquery would name the document's own id.
 */
const documentsOfMessage = sql<MessageDocument[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'contentType', d.content_type, 'size', d.size) order by d.created_at, d.id)
  from chat_documents d where d.message_id = chat_messages.id), '[]'::json)`;

/**
 * The two reads of a conversation, built and prepared once per app (named statements on
 * PostgreSQL): every open chat polls every few seconds, so building them per request would cost
 * more than running them. Each is one statement, documents included.
 */
function buildMessageQueries(db: DbOrTx) {
  const columns = { ...getTableColumns(chatMessages), documents: documentsOfMessage };
  return {
    since: db
      .select(columns)
      .from(chatMessages)
      .where(and(eq(chatMessages.applicantId, sql.placeholder('applicantId')), gt(chatMessages.createdAt, sql.placeholder('since'))))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare('apron_chat_messages_since'),
    newest: db
      .select(columns)
      .from(chatMessages)
      .where(eq(chatMessages.applicantId, sql.placeholder('applicantId')))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare('apron_chat_messages_newest'),
  };
}
/** Messages after `since` (less the grace), oldest first; without `since`, the newest `limit`, oldest first. */
export type MessageReader = (applicantId: string, since: Date | null, limit: number) => Promise<MessageWithDocuments[]>;

/** This app's reader of conversations (made once by the chat's routes). */
export function createMessageReader(db: DbOrTx): MessageReader {
  const queries = buildMessageQueries(db);
  return async (applicantId, since, limit) => {
    if (since) return queries.since.execute({ applicantId, since, limit });
    return (await queries.newest.execute({ applicantId, limit })).reverse();
  };
}

/** The storage keys of every file uploaded in an applicant's conversation (sent or not). */
export async function chatFileKeysOf(db: DbOrTx, applicantId: string): Promise<string[]> {
  const rows = await db.select({ storageKey: chatDocuments.storageKey }).from(chatDocuments).where(eq(chatDocuments.applicantId, applicantId));
  return rows.map((row) => row.storageKey);
}

export async function insertMessage(db: DbOrTx, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  return row!;
}

/**
 * Attach uploaded documents to a message: only unsent ones of this conversation, uploaded by the
 * same side. Returns how many were attached (fewer than asked = someone else's or already sent).
 */
export async function attachDocuments(db: DbOrTx, applicantId: string, messageId: string, ids: string[], byStaff: boolean): Promise<ChatDocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(chatDocuments)
    .set({ messageId })
    .where(and(eq(chatDocuments.applicantId, applicantId), inArray(chatDocuments.id, ids), isNull(chatDocuments.messageId), eq(chatDocuments.uploadedByStaff, byStaff)))
    .returning();
}

export async function insertDocument(db: DbOrTx, values: typeof chatDocuments.$inferInsert): Promise<ChatDocumentRow> {
  const [row] = await db.insert(chatDocuments).values(values).returning();
  return row!;
}

/** A sent document of this conversation (unsent uploads are not downloadable by anyone). */
export async function findSentDocument(db: DbOrTx, applicantId: string, id: string): Promise<ChatDocumentRow | null> {
  const [row] = await db
    .select()
    .from(chatDocuments)
    .where(and(eq(chatDocuments.id, id), eq(chatDocuments.applicantId, applicantId), sql`${chatDocuments.messageId} is not null`));
  return row ?? null;
}

/** Mark the other side's messages read by `readerIsStaff`'s side. */
export async function markRead(db: DbOrTx, applicantId: string, readerIsStaff: boolean): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(chatMessages.applicantId, applicantId), eq(chatMessages.isAdmin, !readerIsStaff), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id });
  return rows.length;
}

/**
 * Claim the right to e-mail one side about new messages: true when that side was not e-mailed in
 * the last `quietMinutes` (and records now). One statement, so two messages at once claim once.
 */
export async function claimNotification(db: DbOrTx, applicantId: string, toStaff: boolean, quietMinutes: number): Promise<boolean> {
  const column = toStaff ? chatThreads.staffNotifiedAt : chatThreads.applicantNotifiedAt;
  const name = toStaff ? sql.raw('staff_notified_at') : sql.raw('applicant_notified_at');
  const result = await db.execute(sql`
    insert into ${chatThreads} (applicant_id, ${name}) values (${applicantId}, now())
    on conflict (applicant_id) do update set ${name} = now()
    where ${column} is null or ${column} < now() - make_interval(mins => ${quietMinutes})
    returning applicant_id`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/**
 * Whom to tell about an applicant's message: the staff who wrote in this conversation and still
 * hold the Waitlist module; before anyone replied, the enabled administrators who hold it.
 */
export async function findStaffToNotify(db: DbOrTx, applicantId: string): Promise<string[]> {
  const authors = await db
    .selectDistinct({ id: chatMessages.authorId })
    .from(chatMessages)
    .where(and(eq(chatMessages.applicantId, applicantId), eq(chatMessages.isAdmin, true), sql`${chatMessages.authorId} is not null`))
    .limit(20);
  const candidates = authors.length > 0 ? authors.map((a) => a.id!) : (await findEnabledInternalAdmins(db)).map((a) => a.id);
  const emails: string[] = [];
  for (const id of candidates) {
    const account = await findAccountAtAirport(db, id);
    if (account?.enabled && account.isInternal && account.modules.includes('Waitlist')) emails.push(account.email);
  }
  return emails;
}

/** Messages from each applicant not yet read by staff (the type grid's badge); absent ids count 0. */
export async function countUnreadForApplicants(db: DbOrTx, applicantIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(applicantIds.map((id) => [id, 0]));
  if (applicantIds.length === 0) return counts;
  const rows = await db
    .select({ applicantId: chatMessages.applicantId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(inArray(chatMessages.applicantId, applicantIds), eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt)))
    .groupBy(chatMessages.applicantId);
  for (const row of rows) counts.set(row.applicantId, row.n);
  return counts;
}

/** Uploads never sent within a day (the sender left): their rows go, the caller removes the files. */
export async function deleteUnsentDocuments(db: DbOrTx, olderThan: Date, limit = 500): Promise<string[]> {
  const stale = db.select({ id: chatDocuments.id }).from(chatDocuments).where(and(isNull(chatDocuments.messageId), lt(chatDocuments.createdAt, olderThan))).limit(limit);
  const rows = await db.delete(chatDocuments).where(inArray(chatDocuments.id, stale)).returning({ storageKey: chatDocuments.storageKey });
  return rows.map((r) => r.storageKey);
}
