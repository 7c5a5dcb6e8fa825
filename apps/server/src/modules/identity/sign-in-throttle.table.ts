import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';

/**
 * Failed sign-ins per account and caller address. Wrong passwords slow down that pair only, so a
 * stranger guessing from one address cannot lock the owner out of their account elsewhere.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    /** No password is checked for this pair before then. */
    blockedUntil: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address] }), index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt)],
);
