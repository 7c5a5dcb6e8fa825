import { and, Column, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fieldError } from '../errors/app-error';

/**
 * One column of a list's ORDER BY. Blanks sort last in both directions. A column says itself
 * whether it can be blank; an SQL expression is taken as one that can unless `nullable: false`
 * (a blank the keyset did not expect would drop rows from every page after it).
 */
export interface SortKey {
  by: SQL | AnyPgColumn;
  direction: 'asc' | 'desc';
  nullable?: boolean;
}

function canBeBlank(key: SortKey): boolean {
  return key.nullable ?? (key.by instanceof Column ? !key.by.notNull : true);
}

type KeyValue = string | number | boolean | null;

/**
 * A list's order, described once, from which both the ORDER BY and the keyset condition of `after`
 * are built, so the two cannot drift. The last key must be unique (the row's id or number), so a
 * cursor names exactly one position.
 */
export interface KeysetOrder {
  /** For `.orderBy(...)`. */
  orderBy: SQL[];
  /** The keyset condition of the request's cursor (rows after it), or undefined on an offset page. */
  after: SQL | undefined;
  /** The page's OFFSET: 0 after a cursor. */
  offset: number;
  /** Select this as a column of the page to read each row's key values for its cursor. */
  cursorKeys: SQL<KeyValue[]>;
  /** The cursor of a row (its `cursorKeys` as read), for X-Next-Cursor. */
  cursorOf(keys: KeyValue[]): string;
}

const ZCursor = z.object({
  l: z.string(),
  s: z.string(),
  k: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

const INVALID_CURSOR = 'This cursor does not belong to this list and order: start again from the first page.';

function orderOf(key: SortKey): SQL {
  const direction = key.direction === 'desc' ? sql`desc` : sql`asc`;
  // `nulls last` only where there are nulls: on a NOT NULL column it would stop an index serving the order.
  return canBeBlank(key) ? sql`${key.by} ${direction} nulls last` : sql`${key.by} ${direction}`;
}

function equalTo(key: SortKey, value: KeyValue): SQL {
  return value === null ? sql`${key.by} is null` : sql`${key.by} = ${value}`;
}

/** Rows whose `key` comes after `value` in the key's order (blanks are last). */
function beyond(key: SortKey, value: KeyValue): SQL {
  if (value === null) return sql`false`;
  const comparison = key.direction === 'desc' ? sql`${key.by} < ${value}` : sql`${key.by} > ${value}`;
  return canBeBlank(key) ? sql`(${comparison} or ${key.by} is null)` : comparison;
}

/**
 * The rows after a position. When every key runs one way and none is blank, one row comparison
 * `(a, b) > (x, y)`, which an index on (a, b) serves; otherwise the expanded form: a row is after
 * when it ties on the first i keys and is beyond on key i+1.
 */
function afterCondition(keys: readonly SortKey[], values: readonly KeyValue[]): SQL {
  const direction = keys[0]!.direction;
  if (keys.every((key) => !canBeBlank(key) && key.direction === direction)) {
    const operator = direction === 'desc' ? sql`<` : sql`>`;
    const columns = sql.join(keys.map((key) => sql`${key.by}`), sql`, `);
    const bound = sql.join(values.map((value) => sql`${value}`), sql`, `);
    return sql`(${columns}) ${operator} (${bound})`;
  }
  const branches = keys.map((key, i) => and(...keys.slice(0, i).map((tied, j) => equalTo(tied, values[j]!)), beyond(key, values[i]!))!);
  return or(...branches)!;
}

/** The cursor of the row whose sort key values are `values` (as `cursorKeys` reads them) in `list` sorted as `sortLabel`. */
export function encodeCursor(list: string, sortLabel: string, values: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify({ l: list, s: sortLabel, k: values }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, list: string, sortLabel: string, keyCount: number): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('after', INVALID_CURSOR);
  }
  const result = ZCursor.safeParse(parsed);
  if (!result.success || result.data.l !== list || result.data.s !== sortLabel || result.data.k.length !== keyCount) {
    throw fieldError('after', INVALID_CURSOR);
  }
  return result.data.k;
}

/**
 * The order of `list` sorted as `sortLabel` (e.g. `invoiceNumber:desc`, so a cursor of another
 * order is refused), and where the page starts: after the cursor `after`, or at `page`'s offset.
 */
export function keysetOrder(list: string, sortLabel: string, sortKeys: readonly SortKey[], window: { page: number; pageSize: number; after?: string | undefined }): KeysetOrder {
  // Sorting by the tie-breaker itself: the key once (a second, opposite copy would defeat the index).
  const keys = sortKeys.filter((key, i) => sortKeys.findIndex((other) => other.by === key.by) === i);
  const values = window.after === undefined ? undefined : decodeCursor(window.after, list, sortLabel, keys.length);
  return {
    orderBy: keys.map(orderOf),
    after: values && afterCondition(keys, values),
    offset: values ? 0 : (window.page - 1) * window.pageSize,
    cursorKeys: sql<KeyValue[]>`json_build_array(${sql.join(keys.map((key) => sql`${key.by}`), sql`, `)})`,
    cursorOf: (keyValues) => encodeCursor(list, sortLabel, keyValues),
  };
}

/** A page read with `cursorKeys`: its rows without them, and the cursor of its last row (X-Next-Cursor). */
export function keysetPage<R extends { cursorKeys: KeyValue[] }>(order: KeysetOrder, page: R[]): { rows: Array<Omit<R, 'cursorKeys'>>; nextCursor?: string } {
  const last = page.at(-1);
  const rows = page.map(({ cursorKeys: _keys, ...row }) => row);
  return last ? { rows, nextCursor: order.cursorOf(last.cursorKeys) } : { rows };
}
