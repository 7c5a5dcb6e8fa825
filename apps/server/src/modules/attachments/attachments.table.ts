import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Documents and remarks hang off an owner record (`owner_type`, `owner_id`): a property, a
 * company, an agreement ... Owners live in other modules' tables, so there is no foreign key to
 * them; access goes through the owner registry (attachments.owners.ts). `type_id` refers to
 * `document_types` by a foreign key written in a custom migration (the settings table belongs to
 * another module).
 */
export const attachments = pgTable(
  'attachments',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    ownerType: text().notNull(),
    ownerId: uuid().notNull(),
    typeId: uuid(),
    /** The file name as uploaded (cleaned), used only for Content-Disposition. */
    name: text().notNull(),
    /** Sniffed from the bytes, never the client's header. */
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdByEmail: text().notNull(),
  },
  (t) => [index('attachments_owner_idx').on(t.ownerType, t.ownerId, t.createdAt), index('attachments_type_idx').on(t.typeId)],
);

export const remarks = pgTable(
  'remarks',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    ownerType: text().notNull(),
    ownerId: uuid().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdByEmail: text().notNull(),
  },
  (t) => [index('remarks_owner_idx').on(t.ownerType, t.ownerId, t.createdAt)],
);

/** A remark's documents; deleting the document removes it from the remark. */
export const remarkDocuments = pgTable(
  'remark_documents',
  {
    airportId: airportColumn(),
    remarkId: uuid()
      .notNull()
      .references(() => remarks.id, { onDelete: 'cascade' }),
    attachmentId: uuid()
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.remarkId, t.attachmentId] }), index('remark_documents_attachment_idx').on(t.attachmentId)],
);

export type AttachmentRow = typeof attachments.$inferSelect;
export type RemarkRow = typeof remarks.$inferSelect;
