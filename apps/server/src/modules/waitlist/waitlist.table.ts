import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { propertyTypes } from '../properties/properties.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Wait-list applicants (spec doc 1 §3). The queue of a property type is ordered by `queued_at`,
 * then `id` (PRODUCT-RULES 20): `queued_at` is the join time until staff move the applicant
 * through the explicit, audited move action, which gives it a time between its new neighbours.
 * `joined_at` stays the real Date Joined. `private_token_hash` is the SHA-256 of the unguessable
 * token of the applicant's private link (the token itself is only ever in their e-mail).
 * `company_id` is set once by Create Account, so a second click finds the first company.
 */
export const waitlistApplicants = pgTable(
  'waitlist_applicants',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    propertyTypeId: uuid().notNull().references(() => propertyTypes.id, { onDelete: 'restrict' }),
    aircraftType: text().notNull().default(''),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    organization: text().notNull().default(''),
    status: text().notNull().default('Unpaid'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    privateTokenHash: text().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    createdBy: uuid(),
    /** The applicant's id in the airport's old system (issue 23 import): re-importing it updates this row. */
    externalId: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_applicants_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
    check('waitlist_applicants_status_check', sql`${t.status} in ('Unpaid', 'Paid', 'InProgress')`),
    // The type grid's queue order (and its Queue #): an index walk that stops at the page.
    index('waitlist_applicants_queue_idx').on(t.propertyTypeId, t.queuedAt, t.id),
    // Joined this week / reports by bucket.
    index('waitlist_applicants_joined_idx').on(t.airportId, t.joinedAt),
    // The chat: an applicant signed in with their e-mail.
    index('waitlist_applicants_email_idx').on(t.airportId, sql`lower(${t.email})`),
    uniqueIndex('waitlist_applicants_token_unique').on(t.privateTokenHash),
  ],
);

export type ApplicantRow = typeof waitlistApplicants.$inferSelect;
export type NewApplicant = typeof waitlistApplicants.$inferInsert;

/** Property FactSheet PDFs; the newest is the current one (older ones stay for the record). */
export const waitlistFactSheets = pgTable(
  'waitlist_fact_sheets',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_fact_sheets_created_idx').on(t.airportId, t.createdAt)],
);
