import { sql, type SQL } from 'drizzle-orm';

/**
 * The airport's counters and the number each starts at (the old global sequences' starts, so a new
 * airport's first invoice is #1001 like the first airport's was).
 */
export const COUNTERS = {
  invoice: { name: 'invoice', first: 1001 },
  receipt: { name: 'receipt', first: 5001 },
  asset: { name: 'asset', first: 1 },
} as const;

export type CounterName = keyof typeof COUNTERS;

/** The column default: one number of the current airport's counter (one-row inserts). */
export function nextNumberDefault(counter: CounterName): SQL {
  const c = COUNTERS[counter];
  return sql.raw(`apron_take_numbers('${c.name}', 1, ${c.first})`);
}

/**
 * The first number of a block of `count` numbers (an SQL expression, `count` being SQL too): a bulk
 * insert reserves its block in one statement and numbers its rows first + row_number() - 1, never
 * one counter update per row. A count of 0 takes nothing.
 */
export function takeNumbers(counter: CounterName, count: SQL): SQL {
  const c = COUNTERS[counter];
  return sql`apron_take_numbers(${c.name}::text, (${count})::bigint, ${c.first}::bigint)`;
}
