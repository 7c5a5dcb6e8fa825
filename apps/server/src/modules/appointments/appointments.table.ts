import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/** A sent calendar invite (POST Waitlist/Invite): what was sent, to whom, by whom. */
export const invites = pgTable(
  'invites',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    /** The iCalendar UID of the event: the same in every recipient's calendar. */
    uid: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    location: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    emails: text().array().notNull(),
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdByEmail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invites_created_idx').on(t.airportId, t.createdAt, t.id), index('invites_starts_idx').on(t.airportId, t.startsAt, t.id)],
);

export type InviteRow = typeof invites.$inferSelect;
