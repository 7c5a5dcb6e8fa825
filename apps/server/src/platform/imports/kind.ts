import type { z } from 'zod';
import type { ImportColumn, ImportIssue, ImportKindName } from '@apron/core';
import type { AuditActor } from '../audit/audit';
import type { Db, DbOrTx, Tx } from '../../db/client';

/**
 * The contract between the import engine (modules/imports) and the modules that own the data.
 *
 * Each kind lives in the module whose tables it writes (properties in modules/properties, invoices
 * in modules/invoices ...) and is exported by that module's `index.ts`; the engine only knows this
 * interface. The engine reads the file, maps its columns, normalises each cell by its column's type
 * (`ImportCellType`), parses the row with `schema`, stages the rows of a batch, and calls `check`
 * (dry run) and `commit` / `undo` (one transaction each). Kinds work set-based: a few statements per
 * chunk of rows, never one round trip per row.
 */

/** One row of the file after mapping, normalising and parsing. */
export interface StagedRow<T> {
  /** The row's line in the file (the header is line 1): how errors name it. */
  row: number;
  externalId: string;
  value: T;
}

export interface ImportContext {
  batchId: string;
  actor: AuditActor;
  /** The airport's local date (YYYY-MM-DD) and time zone, for rules such as "starts in the past". */
  today: string;
  timeZone: string;
}

/** A record the batch created or updated: the engine audits it with the batch and undoes it later. */
export interface TrackedRecord {
  /** The audit log's entity name of the record ('property', 'company', 'agreement' ...). */
  entity: string;
  id: string;
  action: 'created' | 'updated';
  /** The record's columns before the batch updated it (updates only): what undo puts back. */
  before?: Record<string, unknown>;
  /** The record's values after the batch (for the audit log's snapshot/diff). */
  after?: Record<string, unknown>;
}

export interface CommitContext extends ImportContext {
  /** Record what the batch created or updated (audited with the batch, kept for undo); call once per chunk. */
  track(tx: Tx, records: readonly TrackedRecord[]): Promise<void>;
  /** Tell the page how far the commit is (rows done of the batch's rows). */
  progress(done: number): Promise<void>;
}

export interface ImportKind<T = unknown> {
  kind: ImportKindName;
  /** The template's columns, `EXTERNAL_ID_COLUMN` first (from packages/core, shared with the web). */
  columns: readonly ImportColumn[];
  /**
   * Parses one normalised row (an object keyed by column key; empty cells absent) into the value the
   * kind writes. Built from the API's own zod schemas; issue paths name column keys.
   */
  schema: z.ZodType<T>;
  /**
   * Which columns together identify a row of the file (default `['externalId']`). A kind whose file has
   * several rows per record (an invoice's lines) names more columns, e.g. `['externalId', 'line']`.
   */
  rowKey?: readonly string[];
  /**
   * The dry run's checks that need the database or the whole batch: references by natural key
   * (company name or external id, property name), including rows of the same batch, and business
   * rules (overlapping leases ...). Set-based, read only.
   */
  check(db: DbOrTx, rows: readonly StagedRow<T>[], ctx: ImportContext): Promise<ImportIssue[]>;
  /**
   * Writes the rows in the batch's transaction: creates records whose external id is new, updates
   * those whose values changed, leaves unchanged ones alone (a second import of the same file creates
   * and changes nothing), and tracks every record it created or updated.
   */
  commit(tx: Tx, rows: readonly StagedRow<T>[], ctx: CommitContext): Promise<void>;
  /**
   * Why the batch's records can no longer be undone beyond what the audit log shows (e.g. an imported
   * invoice has been paid since), or null. The engine checks the audit log itself.
   */
  blockedUndo?(db: DbOrTx, records: readonly TrackedRecord[]): Promise<string | null>;
  /** Deletes what the batch created and puts back what it updated (in the batch's undo transaction). */
  undo(tx: Tx, records: readonly TrackedRecord[], ctx: ImportContext): Promise<void>;
  /** The airport's records in the template's columns (cells as the template takes them), for the export zip. */
  exportRows(db: Db): AsyncIterable<Record<string, string>>;
}
