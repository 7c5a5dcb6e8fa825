import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../../platform/tenancy/airport-column';

export const IMPORT_BATCH_STATUSES = ['previewed', 'committing', 'committed', 'failed', 'undone'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];

/**
 * One uploaded file of one kind (issue 23): its dry run's counts, then its commit and undo. The
 * audit log entries a batch writes carry `request_id = 'import:<batch id>'` (see `importActor`).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    airportId: airportColumn(),
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    status: text().$type<ImportBatchStatus>().notNull().default('previewed'),
    fileName: text().notNull(),
    /** The file's header cells, in order, and the mapping used: `{ fileHeader: columnKey }`. */
    headers: jsonb().$type<string[]>().notNull().default([]),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    rowCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    /** Rows done of `rowCount` while committing (written outside the commit's transaction). */
    progress: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    error: text(),
    createdById: uuid(),
    createdByEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp({ withTimezone: true }),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('import_batches_airport_key').on(t.airportId, t.id),
    index('import_batches_created_idx').on(t.airportId, t.createdAt),
    check('import_batches_status_check', sql`${t.status} in ('previewed', 'committing', 'committed', 'failed', 'undone')`),
  ],
);

/** The rows of a batch's file after mapping and parsing: `value` when valid, `issues` otherwise. */
export const importRows = pgTable(
  'import_rows',
  {
    airportId: airportColumn(),
    batchId: uuid().notNull(),
    /** The row's line in the file (header = 1). */
    row: integer().notNull(),
    rowKey: text().notNull(),
    externalId: text().notNull(),
    value: jsonb(),
    /** `[{ column, message }]`, null when the row is valid. */
    issues: jsonb().$type<Array<{ column: string; message: string }>>(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index('import_rows_key_idx').on(t.batchId, t.rowKey, t.row),
    foreignKey({ name: 'import_rows_batch_fk', columns: [t.airportId, t.batchId], foreignColumns: [importBatches.airportId, importBatches.id] }).onDelete('cascade'),
  ],
);

/** What a committed batch created or updated: the undo's list, with the values an update replaced. */
export const importRecords = pgTable(
  'import_records',
  {
    airportId: airportColumn(),
    batchId: uuid().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().$type<'created' | 'updated'>().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.entity, t.entityId] }),
    index('import_records_entity_idx').on(t.airportId, t.entity, t.entityId),
    foreignKey({ name: 'import_records_batch_fk', columns: [t.airportId, t.batchId], foreignColumns: [importBatches.airportId, importBatches.id] }).onDelete('cascade'),
    check('import_records_action_check', sql`${t.action} in ('created', 'updated')`),
  ],
);

/** The mapping last used for a kind (`{ fileHeader: columnKey }`): the next file of the kind starts from it. */
export const importMappings = pgTable(
  'import_mappings',
  {
    airportId: airportColumn(),
    kind: text().notNull(),
    mapping: jsonb().$type<Record<string, string>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.airportId, t.kind] })],
);

export type ImportBatchRow = typeof importBatches.$inferSelect;
