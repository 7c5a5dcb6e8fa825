import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table';
import { invoiceCycles } from '../settings/settings.table';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * A company held out of one period of one invoice cycle (issue 24): the cycle's runs, scheduled or
 * by hand, skip its agreements for that period; the next period bills it as usual. Keyed by the
 * period's first day, as invoices are (`invoices.period_start`).
 */
export const invoiceCycleHolds = pgTable(
  'invoice_cycle_holds',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    cycleId: uuid().notNull().references(() => invoiceCycles.id, { onDelete: 'cascade' }),
    companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    heldById: uuid(),
    heldByEmail: text(),
    heldAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_cycle_holds_unique').on(t.airportId, t.cycleId, t.periodStart, t.companyId),
    check('invoice_cycle_holds_reason_check', sql`length(btrim(${t.reason})) between 1 and 500`),
  ],
);

/**
 * A cycle's run for one period started by hand (`POST InvoiceCycles/{id}/Run`): the job's progress
 * (`done` of `total` agreements) for the page's progress bar. At most one run of a cycle and period
 * is queued or running (partial unique index), and a request's Idempotency-Key names its run, so a
 * double click or two instances start one run. The invoices themselves are keyed by (agreement,
 * period start): even two runs could not bill an agreement twice.
 */
export const invoiceCycleRuns = pgTable(
  'invoice_cycle_runs',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    cycleId: uuid().notNull().references(() => invoiceCycles.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    created: integer().notNull().default(0),
    error: text(),
    idempotencyKey: text().notNull(),
    startedById: uuid(),
    startedByEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_cycle_runs_key_unique').on(t.airportId, t.idempotencyKey),
    uniqueIndex('invoice_cycle_runs_active_unique').on(t.airportId, t.cycleId, t.periodStart).where(sql`${t.status} in ('queued', 'running')`),
    index('invoice_cycle_runs_cycle_idx').on(t.airportId, t.cycleId, t.periodStart),
    check('invoice_cycle_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('invoice_cycle_runs_progress_check', sql`${t.done} >= 0 and ${t.total} >= 0`),
  ],
);

export type InvoiceCycleHoldRow = typeof invoiceCycleHolds.$inferSelect;
export type InvoiceCycleRunRow = typeof invoiceCycleRuns.$inferSelect;
