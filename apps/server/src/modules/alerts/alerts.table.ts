import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * An alert (message) and its recipients. The body is plain text for the public forms; a rich-text
 * body (staff notifications) is sanitised when stored. Read and deleted are per recipient.
 */
export const alerts = pgTable(
  'alerts',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    /** What produced it: `contact`, `lostcard`, `notification`, ... */
    kind: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null for a public form. */
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('alerts_created_idx').on(t.airportId, t.createdAt)],
);

export const alertRecipients = pgTable(
  'alert_recipients',
  {
    airportId: airportColumn(),
    alertId: uuid()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    isNew: boolean().notNull().default(true),
    /** Removed from this recipient's list; the alert stays for the others. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.accountId] }), index('alert_recipients_account_idx').on(t.accountId, t.alertId)],
);

export type AlertRow = typeof alerts.$inferSelect;
