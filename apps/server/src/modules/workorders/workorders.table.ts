import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { forms } from '../forms/forms.table';
import { inspections, masterInspections } from '../inspections/inspections.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Master work orders (Settings > Master Workorder). `form_id` names a form of the forms module
 * (its version is pinned on each work order when the form is first used).
 */
export const masterWorkorders = pgTable(
  'master_workorders',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    adhoc: boolean().notNull().default(false),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('master_workorders_name_idx').on(t.airportId, sql`lower(${t.name})`, t.id)],
);

/**
 * Beyond the spec: which master work order a master inspection's failed pass/fail checks open a
 * work order on. Kept here (not as a column of the inspections module) so the rule is edited
 * from Settings > Master Workorder and inspections never knows about work orders.
 */
export const workorderAutoRules = pgTable(
  'workorder_auto_rules',
  {
    airportId: airportColumn(),
    masterInspectionId: uuid()
      .primaryKey()
      .references(() => masterInspections.id, { onDelete: 'cascade' }),
    masterWorkorderId: uuid()
      .notNull()
      .references(() => masterWorkorders.id, { onDelete: 'cascade' }),
  },
  (t) => [index('workorder_auto_rules_master_idx').on(t.masterWorkorderId)],
);

export const workorders = pgTable(
  'workorders',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    masterWorkorderId: uuid()
      .notNull()
      .references(() => masterWorkorders.id, { onDelete: 'restrict' }),
    refNumber: text().notNull(),
    /** '' only while an automatically opened work order waits for staff to assign a contractor. */
    contractorName: text().notNull(),
    /** Lower case: contractors see the work orders of their e-mail. */
    contractorEmail: text().notNull(),
    status: text().notNull().default('Created'),
    /** The inspection this work order is for ('Workorder For'), an inspection of the inspections module. */
    inspectionId: uuid().references(() => inspections.id, { onDelete: 'restrict' }),
    /** Opened by a failed pass/fail check when the inspection completed. */
    autoOpened: boolean().notNull().default(false),
    /** Labels of the failed checks that opened it. */
    failedChecks: jsonb().$type<string[]>().notNull().default([]),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    /** The form version the answers were given on (set when the form is first opened). */
    formVersion: integer(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: uuid(),
  },
  (t) => [
    check('workorders_status_check', sql`${t.status} in ('Created', 'In Progress', 'Completed')`),
    check('workorders_completed_stamp', sql`(${t.status} = 'Completed') = (${t.completedAt} is not null)`),
    check('workorders_contractor_assigned', sql`${t.autoOpened} or (${t.contractorName} <> '' and ${t.contractorEmail} <> '')`),
    uniqueIndex('workorders_ref_number_unique').on(t.airportId, sql`lower(${t.refNumber})`),
    // A retried inspection completion opens no second work order.
    uniqueIndex('workorders_auto_inspection_unique').on(t.inspectionId).where(sql`${t.autoOpened}`),
    index('workorders_master_created_idx').on(t.masterWorkorderId, t.createdAt, t.id),
    index('workorders_contractor_idx').on(t.airportId, t.contractorEmail, t.masterWorkorderId),
    index('workorders_inspection_idx').on(t.inspectionId),
    index('workorders_created_idx').on(t.airportId, t.createdAt),
  ],
);

export type MasterWorkorderRow = typeof masterWorkorders.$inferSelect;
export type WorkorderRow = typeof workorders.$inferSelect;
export type NewWorkorder = typeof workorders.$inferInsert;
