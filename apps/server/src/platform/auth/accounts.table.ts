import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Everyone who can sign in: internal staff and company (tenant) users. The built-in identity
 * provider keeps its password hash here; with an external provider the row links by e-mail.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    givenName: text().notNull().default(''),
    familyName: text().notNull().default(''),
    isInternal: boolean().notNull().default(true),
    // is_admin and modules are still columns (bench scripts write them) but nothing reads them:
    // an account's admin flag and modules are its membership's at each airport (airport_memberships).
    enabled: boolean().notNull().default(true),
    /** An administrator of the whole authority: creates airports, reads every airport's consolidated reports. */
    isAuthorityAdmin: boolean().notNull().default(false),
    /** The company of an external user (foreign key added by the companies module). */
    companyId: uuid(),
    /** scrypt hash `scrypt$N$salt$hash`; null until the user sets a password. */
    passwordHash: text(),
    failedSignIns: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    /** Subject at an external provider, once linked. */
    externalSubject: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`),
    index('accounts_company_idx').on(t.companyId),
    index('accounts_created_idx').on(t.createdAt),
    // Sort columns of the Accounts grid; `q` search uses the trigram index of the custom migration.
    index('accounts_given_name_idx').on(sql`lower(${t.givenName})`),
    index('accounts_family_name_idx').on(sql`lower(${t.familyName})`),
    index('accounts_last_sign_in_idx').on(t.lastSignInAt),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
