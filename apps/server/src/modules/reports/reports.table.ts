import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

/**
 * Saved interactive charts: the spec's "server-defined reports" (label, baseUrl, chartId) that
 * `GET Reports/GetAll` lists and `GET Reports/GetData/{id}` draws. The measure, grouping and chart
 * type are kept; the period is chosen when viewing.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    label: text().notNull(),
    measure: text().notNull(),
    grouping: text().notNull(),
    chartType: text().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_reports_grouping_check', sql`${t.grouping} in ('Hourly', 'Daily', 'Monthly')`),
    check('saved_reports_chart_type_check', sql`${t.chartType} in ('Bar', 'Pie', 'Radar')`),
    index('saved_reports_created_idx').on(t.createdAt),
  ],
);

export type SavedReportRow = typeof savedReports.$inferSelect;
