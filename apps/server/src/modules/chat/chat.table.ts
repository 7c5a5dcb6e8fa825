import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { waitlistApplicants } from '../waitlist/waitlist.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Chat between wait-list staff and one applicant: the conversation is the applicant (spec
 * `Messages/{id}`). `is_admin` = written by staff. `read_at` = read by the other side (for staff,
 * the unread badge of the type grid). Author name and e-mail are stamped by the server.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid().notNull().references(() => waitlistApplicants.id, { onDelete: 'cascade' }),
    isAdmin: boolean().notNull(),
    authorId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    authorEmail: text().notNull(),
    authorName: text().notNull(),
    content: text().notNull().default(''),
    // clock_timestamp, not now(): the poll cursor orders by the moment of writing, not of the transaction's start.
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('chat_messages_thread_idx').on(t.applicantId, t.createdAt, t.id),
    // Unread badges: only the applicant's unread messages are indexed.
    index('chat_messages_unread_idx').on(t.applicantId).where(sql`not ${t.isAdmin} and ${t.readAt} is null`),
  ],
);

/** A file sent in the chat: uploaded first (message_id null), then attached by the message that sends it. */
export const chatDocuments = pgTable(
  'chat_documents',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid().notNull().references(() => waitlistApplicants.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** Uploaded by staff (true) or by the applicant: only the same side may send it. */
    uploadedByStaff: boolean().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_documents_message_idx').on(t.messageId), index('chat_documents_applicant_idx').on(t.applicantId)],
);

/** When each side was last e-mailed about new messages (at most once per quiet period). */
export const chatThreads = pgTable('chat_threads', {
  airportId: airportColumn(),
  applicantId: uuid().primaryKey().references(() => waitlistApplicants.id, { onDelete: 'cascade' }),
  staffNotifiedAt: timestamp({ withTimezone: true }),
  applicantNotifiedAt: timestamp({ withTimezone: true }),
});

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatDocumentRow = typeof chatDocuments.$inferSelect;
