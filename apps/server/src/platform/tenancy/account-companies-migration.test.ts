import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { pgliteMigratedBefore } from '../../../test/database';
import { FIRST_AIRPORT_ID } from './airports.table';

/**
 * Migration 0044 (issue 22, "a tenant user with companies at several airports"): every company
 * user of a database that had one company per account keeps it, as a link at the company's
 * airport; staff get none; and the database refuses a link whose airport is not its company's.
 */
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
});

const RELIEVER = '00000000-0000-4000-8000-000000000012';

describe('migration 0044: company users keep their company, as a link', () => {
  it('links each company user to their company at its airport', async () => {
    client = await pgliteMigratedBefore('0044_account_companies');
    const db = client;
    await db.query(`insert into airports (id, code, name) values ($1, 'L12', 'Reliever Field')`, [RELIEVER]);
    const company = async (airportId: string, name: string) =>
      (await db.query<{ id: string }>(`insert into companies (airport_id, name, description, email) values ($1, $2, '', 'c@example.test') returning id`, [airportId, name])).rows[0]!.id;
    const mainCompany = await company(FIRST_AIRPORT_ID, 'Sierra Skies');
    const relieverCompany = await company(RELIEVER, 'Pine Nut Gliders');
    await db.query(
      `insert into accounts (email, is_internal, company_id) values
         ('boss@example.test', true, null), ('olive@example.test', false, $1), ('gus@example.test', false, $2)`,
      [mainCompany, relieverCompany],
    );

    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });

    const links = await db.query(
      `select a.email, l.company_id, l.airport_id from account_companies l join accounts a on a.id = l.account_id order by a.email`,
    );
    expect(links.rows).toEqual([
      { email: 'gus@example.test', company_id: relieverCompany, airport_id: RELIEVER },
      { email: 'olive@example.test', company_id: mainCompany, airport_id: FIRST_AIRPORT_ID },
    ]);
    // accounts.company_id stays (the account's first company).
    expect((await db.query(`select company_id from accounts where email = 'olive@example.test'`)).rows).toEqual([{ company_id: mainCompany }]);

    // A link naming another airport than its company's is refused by the database.
    const boss = (await db.query<{ id: string }>(`select id from accounts where email = 'boss@example.test'`)).rows[0]!.id;
    await expect(db.query(`insert into account_companies (account_id, company_id, airport_id) values ($1, $2, $3)`, [boss, mainCompany, RELIEVER])).rejects.toThrow(
      /foreign key/,
    );
    // One company per airport per account.
    const other = await company(FIRST_AIRPORT_ID, 'Other Hangars');
    const olive = (await db.query<{ id: string }>(`select id from accounts where email = 'olive@example.test'`)).rows[0]!.id;
    await expect(db.query(`insert into account_companies (account_id, company_id, airport_id) values ($1, $2, $3)`, [olive, other, FIRST_AIRPORT_ID])).rejects.toThrow(
      /unique/,
    );
  }, 240_000);
});
