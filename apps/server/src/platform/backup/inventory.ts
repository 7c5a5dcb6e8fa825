import fs from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/client';

/** Runs one SQL statement as a role that sees every row (row-level security does not hide any). */
export type RawQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * What a backup holds, counted: the rows of every table and the sum of every money column (every
 * `*_cents` column: invoices, their lines, payments, balances, fees ...). The backup records it in
 * its manifest; the restore counts again and compares, so a restore proves itself.
 */
export interface Inventory {
  /** `schema.table` -> rows. */
  rowCounts: Record<string, number>;
  /** `schema.table.column` -> the column's sum in cents, as a decimal string (sums may pass 2^53). */
  moneySums: Record<string, string>;
}

export interface MigrationLevel {
  /** Migrations applied to the database. */
  applied: number;
  /** The newest applied migration's journal time (drizzle's `when`, ms since the epoch). */
  newest: number;
  /** Its name in the migration journal, when this code knows it. */
  newestTag: string | null;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Every table of the application's schemas (public, drizzle's journal, the job system's). */
const TABLES = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

const MONEY_COLUMNS = `
  select table_schema as schema, table_name as name, column_name as column
  from information_schema.columns
  where column_name like '%\\_cents' and data_type in ('smallint', 'integer', 'bigint', 'numeric')
  order by 1, 2, 3`;

export async function takeInventory(query: RawQuery): Promise<Inventory> {
  const tables = (await query(TABLES)).rows as Array<{ schema: string; name: string }>;
  const money = (await query(MONEY_COLUMNS)).rows as Array<{ schema: string; name: string; column: string }>;
  const rowCounts: Record<string, number> = {};
  const moneySums: Record<string, string> = {};
  for (const table of tables) {
    const key = `${table.schema}.${table.name}`;
    const columns = money.filter((m) => m.schema === table.schema && m.name === table.name).map((m) => m.column);
    const sums = columns.map((column, i) => `, coalesce(sum(${quote(column)}), 0)::text as s${i}`).join('');
    const { rows } = await query(`select count(*)::text as n${sums} from ${quote(table.schema)}.${quote(table.name)}`);
    const row = rows[0]!;
    rowCounts[key] = Number(row.n);
    columns.forEach((column, i) => {
      moneySums[`${key}.${column}`] = String(row[`s${i}`]);
    });
  }
  return { rowCounts, moneySums };
}

async function migrationJournal(): Promise<Array<{ when: number; tag: string }>> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number; tag: string }> };
  return journal.entries;
}

/** The newest migration this code ships (a database past it was made by a newer Apron). */
export async function newestShippedMigration(): Promise<number> {
  return Math.max(0, ...(await migrationJournal()).map((entry) => entry.when));
}

export async function migrationLevel(query: RawQuery): Promise<MigrationLevel> {
  // A database no Apron has started on yet has no journal: nothing applied.
  const journal = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!journal.rows[0]!.present) return { applied: 0, newest: 0, newestTag: null };
  const { rows } = await query('select count(*)::int as applied, coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations');
  const newest = Number(rows[0]!.newest);
  const tag = (await migrationJournal()).find((entry) => entry.when === newest)?.tag ?? null;
  return { applied: Number(rows[0]!.applied), newest, newestTag: tag };
}

export interface InventoryDifference {
  what: string;
  expected: string;
  found: string;
}

/** Where the restored database differs from the manifest (empty: it holds what was backed up). */
export function compareInventories(expected: Inventory, found: Inventory): InventoryDifference[] {
  const differences: InventoryDifference[] = [];
  const compare = (kind: string, a: Record<string, string | number>, b: Record<string, string | number>) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const left = a[key] === undefined ? 'missing' : String(a[key]);
      const right = b[key] === undefined ? 'missing' : String(b[key]);
      if (left !== right) differences.push({ what: `${kind} ${key}`, expected: left, found: right });
    }
  };
  compare('rows of', expected.rowCounts, found.rowCounts);
  compare('sum of', expected.moneySums, found.moneySums);
  return differences;
}
