import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The first answer (status and body) of a money write that has no attempt row of its own - a
 * balance credit, a pay from balance (PRODUCT-RULES 29). Written in the same transaction as the
 * write it answers, so a saved answer means a saved write and the other way round. `operation`
 * names the route's action; `owner_id` is the company the write was for: the same key sent for
 * another company is refused instead of answered (it would show that company's figures).
 */
export const idempotentAnswers = pgTable(
  'idempotent_answers',
  {
    operation: text().notNull(),
    idempotencyKey: text().notNull(),
    ownerId: uuid().notNull(),
    status: integer().notNull(),
    body: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotent_answers_pk', columns: [t.operation, t.idempotencyKey] }),
    check('idempotent_answers_status_check', sql`${t.status} between 200 and 299`),
  ],
);

export type IdempotentAnswerRow = typeof idempotentAnswers.$inferSelect;
