import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/auth/accounts.table';
import { forms } from '../forms/forms.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/** Settings > Master Inspection. A scheduled master creates inspections by its cron expression. */
export const masterInspections = pgTable(
  'master_inspections',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    adhoc: boolean().notNull().default(false),
    /** 'Property' | 'Agreement'; null for adhoc masters. */
    module: text(),
    scheduled: boolean().notNull().default(false),
    expression: text().notNull().default('0 0 * * *'),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    /** The last schedule tick that created inspections (the scheduler catches up from here). */
    lastScheduledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('master_inspections_module_check', sql`${t.module} is null or ${t.module} in ('Property', 'Agreement')`),
    check('master_inspections_schedule_check', sql`not ${t.scheduled} or ${t.module} is not null`),
    index('master_inspections_name_idx').on(t.airportId, sql`lower(${t.name})`, t.id),
  ],
);

export const inspections = pgTable(
  'inspections',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    masterInspectionId: uuid()
      .notNull()
      .references(() => masterInspections.id, { onDelete: 'restrict' }),
    module: text(),
    /** The property or agreement inspected ('Inspection For'); its name is kept as it was then. */
    subjectId: uuid(),
    subjectName: text().notNull().default(''),
    /** '' while a scheduled inspection waits for staff to assign an inspector. */
    inspectorName: text().notNull().default(''),
    /** Lower case: inspectors see the inspections of their e-mail. */
    inspectorEmail: text().notNull().default(''),
    status: text().notNull().default('Created'),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    /** The form version the answers are given on (the latest when the inspection was created). */
    formVersion: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>(),
    /** The schedule tick that created it (null when added by hand): unique per master and subject. */
    scheduleTick: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inspections_status_check', sql`${t.status} in ('Created', 'In Progress', 'Completed')`),
    check('inspections_completed_check', sql`(${t.status} = 'Completed') = (${t.completedAt} is not null)`),
    // Once per tick, whatever the number of instances or retries.
    uniqueIndex('inspections_schedule_tick_unique').on(t.masterInspectionId, t.subjectId, t.scheduleTick).where(sql`${t.scheduleTick} is not null`),
    index('inspections_master_created_idx').on(t.masterInspectionId, t.createdAt, t.id),
    index('inspections_inspector_idx').on(t.airportId, t.inspectorEmail, t.createdAt),
    index('inspections_open_idx').on(t.airportId, t.status).where(sql`${t.status} <> 'Completed'`),
  ],
);

export type MasterInspectionRow = typeof masterInspections.$inferSelect;
export type InspectionRow = typeof inspections.$inferSelect;
export type NewInspection = typeof inspections.$inferInsert;
