import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { pgliteMigratedBefore } from '../../../test/database';

/**
 * Migration 0037 (issue 22): the global invoice and receipt sequences become per-airport counters.
 * Existing numbers stay; each airport's counter continues after its own maximum; AIRPORT_NAME and
 * TIME_ZONE are no longer stored in system_settings. Run on a database migrated up to 0036.
 */
const COUNTERS_MIGRATION = '0037_airport_counters';
const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
});

describe('migration 0037: numbering per airport', () => {
  it('keeps the numbers, continues each airport after its maximum, and empties the airport-held settings', async () => {
    client = await pgliteMigratedBefore(COUNTERS_MIGRATION);
    const db = client;
    const invoice = async (airport: string) => {
      await db.query(`select set_config('apron.airport_id', $1, false)`, [airport]);
      const company = (await db.query<{ id: string }>(`insert into companies (name, description, email, status) values ('C ' || gen_random_uuid(), '', 'c@example.test', 'Active') returning id`)).rows[0]!.id;
      const row = await db.query<{ id: string; invoice_number: number }>(
        `insert into invoices (company_id, name, description, invoice_date, due_date, status, total_cents, paid_cents)
         values ($1, 'I', '', '2025-01-01', '2025-01-31', 'Created', 0, 0) returning id, invoice_number`,
        [company],
      );
      return Number(row.rows[0]!.invoice_number);
    };
    await db.query(`insert into airports (id, code, name, time_zone) values ($1, 'L12', 'Reliever Field', 'America/Denver')`, [SECOND]);
    // The global sequence numbered both airports' invoices: 1001, 1002 at the first, 1003 at the second.
    expect([await invoice(FIRST), await invoice(FIRST), await invoice(SECOND)]).toEqual([1001, 1002, 1003]);

    await db.query(`select set_config('apron.airport_id', $1, false)`, [FIRST]);
    await db.query(`insert into system_settings (name, value) values ('AIRPORT_NAME', 'Old name'), ('TIME_ZONE', 'America/Chicago') on conflict do nothing`);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });

    const numbers = await db.query<{ n: number }>(`select invoice_number as n from invoices order by invoice_number`);
    expect(numbers.rows.map((r) => Number(r.n))).toEqual([1001, 1002, 1003]);
    expect(await invoice(FIRST)).toBe(1003);
    expect(await invoice(SECOND)).toBe(1004);
    const counters = await db.query<{ airport_id: string; name: string; value: number }>(`select airport_id, name, value from airport_counters order by airport_id`);
    expect(counters.rows.map((r) => [r.airport_id, r.name, Number(r.value)])).toEqual([[FIRST, 'invoice', 1003], [SECOND, 'invoice', 1004]]);
    const stored = await db.query<{ value: string }>(`select value from system_settings where name in ('AIRPORT_NAME', 'TIME_ZONE')`);
    expect(stored.rows.map((r) => r.value)).toEqual(['', '']);
    const sequences = await db.query(`select 1 from pg_class where relkind = 'S' and relname in ('invoice_number_seq', 'receipt_number_seq', 'assets_asset_number_seq')`);
    expect(sequences.rows).toEqual([]);
  }, 240_000); // the migrations from this one on, on PGlite: longer than the default 30 s on a busy machine
});
