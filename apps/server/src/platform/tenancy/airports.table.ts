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
 * (A company user's airports follow from their company's agreements; no row here.)
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

export type AirportRow = typeof airports.$inferSelect;
