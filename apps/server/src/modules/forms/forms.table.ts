import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Forms built with form-js. A form is a name and its versions: every save writes a new row in
 * `form_versions` and moves `latest_version`, so answers given on version 3 keep their schema.
 */
export const forms = pgTable(
  'forms',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    latestVersion: integer().notNull().default(1),
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('forms_latest_version_positive', sql`${t.latestVersion} >= 1`), index('forms_name_idx').on(sql`lower(${t.name})`, t.id)],
);

export const formVersions = pgTable(
  'form_versions',
  {
    airportId: airportColumn(),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    schema: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/** Files given as answers (Forms/uploadfile): judged by content, at most 5 MB. */
export const formFiles = pgTable('form_files', {
  airportId: airportColumn(),
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  contentType: text().notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  storageKey: text().notNull(),
  createdBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
  createdByEmail: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type FormRow = typeof forms.$inferSelect;
export type FormVersionRow = typeof formVersions.$inferSelect;
export type FormFileRow = typeof formFiles.$inferSelect;
