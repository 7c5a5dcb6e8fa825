import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../auth/accounts.table';

/** The airport every deployment starts with: existing data became its rows (migration 0034). */
export const FIRST_AIRPORT_ID = '00000000-0000-4000-8000-000000000001';

/**
 * The airports of the deployment (docs/airports.md). Not under row-level security: it is the list
 * the server chooses from. Everything an airport owns carries its id (`airportColumn`).
 */
export const airports = pgTable(
  'airports',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** FAA location identifier or IATA code, shown in the switcher (e.g. 'CMA', 'L12'). */
    code: text().notNull(),
    name: text().notNull(),
    /** IANA time zone: the airport's dates, and when its scheduled work runs. */
    timeZone: text().notNull().default('America/Los_Angeles'),
    address: text().notNull().default(''),
    /** The From: of its e-mail; null = the deployment's MAIL_FROM. */
    mailFrom: text(),
    /** Host name of its public pages (e.g. 'reliever.airport.example'); null = no host of its own. */
    publicHost: text(),
    /** Path prefix of its public pages (e.g. 'l12' for /a/l12/listings); null = none. */
    pathPrefix: text(),
    /** Storage key of its logo (uploaded files); null = the product's. */
    logoKey: text(),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('airports_code_unique').on(sql`upper(${t.code})`),
    uniqueIndex('airports_public_host_unique').on(sql`lower(${t.publicHost})`),
    uniqueIndex('airports_path_prefix_unique').on(sql`lower(${t.pathPrefix})`),
  ],
);

/**
 * Who works where: an internal account's modules and admin flag at each airport it works at.
 * (A company user's airports are their companies': `account_companies`; no row here.)
 */
export const airportMemberships = pgTable(
  'airport_memberships',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    airportId: uuid()
      .notNull()
      .references(() => airports.id, { onDelete: 'cascade' }),
    isAdmin: boolean().notNull().default(false),
    modules: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.airportId] }), index('airport_memberships_airport_idx').on(t.airportId)],
);

/**
 * The companies a company user acts for: one company per airport (a company belongs to one
 * airport), so one sign-in serves a person whose companies lease at several airports. Like the
 * memberships, a deployment table without row-level security (the sign-in reads it before any
 * airport is chosen); the foreign key to `companies (airport_id, id)` makes the database refuse a
 * link whose airport is not its company's. `accounts.company_id` stays as the account's first
 * company (migration 0044; nothing reads it as the company any more).
 */
export const accountCompanies = pgTable(
  'account_companies',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    companyId: uuid().notNull(),
    airportId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.companyId] }),
    uniqueIndex('account_companies_one_per_airport').on(t.accountId, t.airportId),
    index('account_companies_company_idx').on(t.airportId, t.companyId),
    // (airport_id, company_id) -> companies (airport_id, id): written in migration 0044 (the
    // companies table is a module's, which the platform does not import).
  ],
);

export type AirportRow = typeof airports.$inferSelect;
