import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Settings master data: one table per type of `MASTER_TYPES` (packages/core). Names are unique
 * regardless of case; `lower(name)` serves both the uniqueness check and the default sort.
 * Trigram indexes for `q` search are in the custom migration (drizzle cannot express opclasses
 * on expressions).
 */
const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const documentTypes = pgTable(
  'document_types',
  { id: id(), airportId: airportColumn(), name: text().notNull(), description: text().notNull().default(''), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('document_types_name_unique').on(t.airportId, sql`lower(${t.name})`), index('document_types_created_idx').on(t.createdAt)],
);

export const insuranceTypes = pgTable(
  'insurance_types',
  { id: id(), airportId: airportColumn(), name: text().notNull(), description: text().notNull().default(''), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('insurance_types_name_unique').on(t.airportId, sql`lower(${t.name})`), index('insurance_types_created_idx').on(t.createdAt)],
);

export const invoiceCycles = pgTable(
  'invoice_cycles',
  {
    airportId: airportColumn(),
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    dueDays: integer().notNull(),
    /** Five-field cron expression (pg-boss schedule). */
    expression: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoice_cycles_name_unique').on(t.airportId, sql`lower(${t.name})`),
    index('invoice_cycles_due_days_idx').on(t.dueDays),
    index('invoice_cycles_created_idx').on(t.createdAt),
    check('invoice_cycles_due_days_range', sql`${t.dueDays} between 0 and 365`),
  ],
);

/**
 * Payment types (SkuType). `skuValue` means money for Flat and a percentage for CPI/Percent, so
 * it is kept in two columns: integer cents for Flat (money is never a float), a numeric
 * percentage for the others. Exactly one is set, checked by the database.
 */
export const paymentTypes = pgTable(
  'payment_types',
  {
    airportId: airportColumn(),
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    skuType: text().notNull(),
    skuAmountCents: integer(),
    skuPercent: numeric({ precision: 12, scale: 4, mode: 'number' }),
    /** Late fee as a percentage, 0 to 100. */
    lateFee: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_types_name_unique').on(t.airportId, sql`lower(${t.name})`),
    index('payment_types_sku_type_idx').on(t.skuType),
    index('payment_types_created_idx').on(t.createdAt),
    check('payment_types_sku_type_known', sql`${t.skuType} in ('CPI', 'Flat', 'Percent')`),
    check(
      'payment_types_sku_value_shape',
      sql`(${t.skuType} = 'Flat' and ${t.skuAmountCents} is not null and ${t.skuAmountCents} >= 0 and ${t.skuPercent} is null)
        or (${t.skuType} <> 'Flat' and ${t.skuPercent} is not null and ${t.skuPercent} >= 0 and ${t.skuAmountCents} is null)`,
    ),
    check('payment_types_late_fee_range', sql`${t.lateFee} between 0 and 100`),
  ],
);

export const notices = pgTable(
  'notices',
  {
    airportId: airportColumn(),
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Stable key other modules send notices by (e.g. `invoice.created`). */
    key: text().notNull(),
    module: text().notNull(),
    /** Rich text, sanitised when stored. */
    template: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notices_key_unique').on(t.airportId, sql`lower(${t.key})`),
    index('notices_name_idx').on(sql`lower(${t.name})`),
    index('notices_module_idx').on(t.module),
    index('notices_created_idx').on(t.createdAt),
    check('notices_module_known', sql`${t.module} in ('Invoices', 'Waitlist', 'Company')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    airportId: airportColumn(),
    id: id(),
    name: text().notNull(),
    module: text().notNull(),
    trigger: text().notNull(),
    notify: text().notNull(),
    /** Rich text, sanitised when stored. */
    template: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notifications_name_unique').on(t.airportId, sql`lower(${t.name})`),
    index('notifications_module_trigger_idx').on(t.module, t.trigger),
    index('notifications_created_idx').on(t.createdAt),
    check('notifications_module_known', sql`${t.module} in ('Company', 'Tiedown', 'Property', 'Lease', 'Invoices', 'Waitlist', 'Inspections', 'Workorders', 'Assets')`),
    check('notifications_trigger_known', sql`${t.trigger} in ('Created', 'Updated', 'Removed', 'Expiring')`),
    check('notifications_notify_known', sql`${t.notify} in ('Internal', 'External', 'Both')`),
  ],
);

/** Name/value pairs typed by name (`SYSTEM_SETTINGS` in core); every known name always exists. */
export const systemSettings = pgTable(
  'system_settings',
  { id: id(), airportId: airportColumn(), name: text().notNull(), value: text().notNull(), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('system_settings_name_unique').on(t.airportId, t.name), index('system_settings_created_idx').on(t.createdAt)],
);

export type DocumentTypeRow = typeof documentTypes.$inferSelect;
export type InsuranceTypeRow = typeof insuranceTypes.$inferSelect;
export type InvoiceCycleRow = typeof invoiceCycles.$inferSelect;
export type PaymentTypeRow = typeof paymentTypes.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type SystemSettingRow = typeof systemSettings.$inferSelect;
