import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table';

/** One-time links to set a password (invitations, resets). Only the token's hash is stored. */
export const passwordTokens = pgTable('password_tokens', {
  id: text().primaryKey(), // sha256(token)
  accountId: uuid()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  purpose: text().notNull(), // invite | reset
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
