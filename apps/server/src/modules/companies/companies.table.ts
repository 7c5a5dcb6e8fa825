import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Owners (companies; "tenants" in the spec's data). `accounts.company_id` refers here by a
 * foreign key written in the custom migration (the accounts table belongs to another module).
 */
export const companies = pgTable(
  'companies',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    address1: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    /** Digits only (a leading zero survives), or null. */
    zip: text(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    contactName: text().notNull().default(''),
    contactPhone: text().notNull().default(''),
    isPaperless: boolean().notNull().default(false),
    status: text().notNull().default('Active'),
    /** The company's id in the airport's old system (issue 23 import): re-importing it updates this row. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_status_check', sql`${t.status} in ('Approval Needed', 'Active', 'Inactive')`),
    check('companies_zip_digits', sql`${t.zip} is null or ${t.zip} ~ '^[0-9]+$'`),
    // Grid sorts (name is the default) and the Active owner list.
    index('companies_name_idx').on(t.airportId, sql`lower(${t.name})`, t.id),
    index('companies_status_name_idx').on(t.airportId, t.status, sql`lower(${t.name})`),
    index('companies_created_idx').on(t.airportId, t.createdAt),
    uniqueIndex('companies_external_id_unique').on(t.airportId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
