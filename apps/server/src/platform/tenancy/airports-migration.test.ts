import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { pgliteMigratedBefore } from '../../../test/database';
import { FIRST_AIRPORT_ID } from './airports.table';

/**
 * Migration 0034 (issue 22) on a database that already holds one airport's data: every row
 * becomes the first airport's, staff keep their admin flag and modules as their work there, the
 * airport is named from the old setting, and the rows are then under the policies.
 */
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
});

describe('migration 0034: existing data becomes the first airport', () => {
  it('keeps every row, at the first airport, with no change its users would see', async () => {
    client = await pgliteMigratedBefore('0034_airports');
    const db = client;
    const company = (await db.query<{ id: string }>(`insert into companies (name, description, email, status) values ('Sierra Skies', '', 'c@example.test', 'Active') returning id`)).rows[0]!.id;
    await db.query(
      `insert into invoices (company_id, name, description, invoice_date, due_date, status, total_cents, paid_cents)
       values ($1, 'Rent', '', '2025-01-01', '2025-01-31', 'Created', 5000, 0)`,
      [company],
    );
    await db.query(`insert into system_settings (name, value) values ('AIRPORT_NAME', 'Carson Old Field'), ('TIME_ZONE', 'America/Chicago') on conflict (name) do update set value = excluded.value`);
    await db.query(
      `insert into accounts (email, is_internal, is_admin, modules, company_id) values
         ('boss@example.test', true, true, '{Settings,Invoices}', null),
         ('clerk@example.test', true, false, '{Invoices}', null),
         ('tenant@example.test', false, false, '{}', $1)`,
      [company],
    );

    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });

    const airports = await db.query(`select id, code, name, time_zone from airports`);
    expect(airports.rows).toEqual([{ id: FIRST_AIRPORT_ID, code: 'MAIN', name: 'Carson Old Field', time_zone: 'America/Chicago' }]);
    for (const table of ['companies', 'invoices', 'system_settings']) {
      const { rows } = await db.query<{ airports: string[] }>(`select array_agg(distinct airport_id::text) as airports from ${table}`);
      expect(rows[0]!.airports, table).toEqual([FIRST_AIRPORT_ID]);
    }
    const work = await db.query(
      `select a.email, m.airport_id, m.is_admin, m.modules, a.is_authority_admin
       from accounts a left join airport_memberships m on m.account_id = a.id order by a.email`,
    );
    expect(work.rows).toEqual([
      { email: 'boss@example.test', airport_id: FIRST_AIRPORT_ID, is_admin: true, modules: ['Settings', 'Invoices'], is_authority_admin: true },
      { email: 'clerk@example.test', airport_id: FIRST_AIRPORT_ID, is_admin: false, modules: ['Invoices'], is_authority_admin: false },
      // A company user works at their company's airport; no membership.
      { email: 'tenant@example.test', airport_id: null, is_admin: null, modules: null, is_authority_admin: false },
    ]);

    // Under the app's role the rows are the first airport's only.
    await db.query(`select set_config('role', 'apron_app', false), set_config('apron.airport_id', $1, false)`, [FIRST_AIRPORT_ID]);
    expect((await db.query(`select name from companies`)).rows).toEqual([{ name: 'Sierra Skies' }]);
    await db.query(`select set_config('apron.airport_id', '', false)`);
    expect((await db.query(`select name from companies`)).rows).toEqual([]);
    await db.query(`select set_config('role', 'none', false)`);
    // The migrations from 0034 on, on PGlite: longer than the default 30 s on a busy machine.
  }, 240_000);
});
