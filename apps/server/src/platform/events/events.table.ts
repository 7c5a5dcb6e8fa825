import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../tenancy/airport-column';

/**
 * Domain events, outbox style: a module writes one row in the transaction of its change
 * (`publishEvent`), so a rolled-back change leaves no event, and a job delivers each row once
 * after commit (`createEventDispatch`). `processed_at` is set in the same transaction as the
 * handlers' own writes (alerts, outbox e-mails), so a retried job never repeats them.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    /** The module whose record changed, as notification rules name it: `Company`, `Invoices`, ... */
    module: text().notNull(),
    trigger: text().notNull(),
    recordId: text().notNull(),
    /** The record's company (the external audience), when it has one. */
    companyId: uuid(),
    /** The record's template fields as display strings (`@apron/core/communications`). */
    fields: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('domain_events_due_idx').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
    index('domain_events_created_idx').on(t.createdAt),
    check('domain_events_trigger_known', sql`${t.trigger} in ('Created', 'Updated', 'Removed', 'Expiring')`),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
