import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { pgliteMigratedBefore } from '../../../test/database';

/**
 * Migration 0033 (issue 21 item 1): the parking requests' and wait-list joins' card attempts move
 * into `card_attempts` with their meaning (statuses 1:1, what they paid for and bought), and their
 * tables go. Run on a database migrated up to the migration before, with rows in the old tables.
 */
const ENGINE_MIGRATION = '0033_one_card_attempts';
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
});

describe('migration 0033: one card_attempts table', () => {
  it('moves the parking and wait-list attempts with their statuses, subjects and results, then drops their tables', async () => {
    client = await pgliteMigratedBefore(ENGINE_MIGRATION);
    const db = drizzle({ client });
    const form = { firstName: 'Wiley', airCraftNum: 'N99WP' };
    const request = (
      await client.query<{ id: string }>(
        `insert into tiedown_requests (first_name, last_name, email, phone, begin_date, end_date, aircraft_type, aircraft_num, nights, rate_cents, amount_cents)
         values ('Wiley', 'Post', 'w@example.test', '555', '2027-05-01', '2027-05-03', 'Large Jet', 'N99WP', 2, 0, 0) returning id`,
      )
    ).rows[0]!.id;
    await client.query(
      `insert into tiedown_card_attempts (idempotency_key, form, amount_cents, provider, status, provider_ref, message, request_id) values
       ('park-paid', $1, 16000, 'test', 'paid', 'ref-1', 'Approved', $2), ('park-declined', $1, 16000, 'test', 'declined', 'ref-2', 'Declined', null),
       ('shared-key', $1, 16000, 'test', 'pending', null, null, null)`,
      [JSON.stringify({ form, nights: 2, rateCents: 8000 }), request],
    );
    const join = { firstName: 'Pat', email: 'pat@example.test' };
    const joinAttempts = await client.query<{ id: string; idempotency_key: string }>(
      `insert into waitlist_join_attempts (idempotency_key, form, amount_cents, provider, status, message, applicant_id) values
       ('join-paid-deleted', $1, 4000, 'test', 'paid', 'Approved', null), ('join-void', $1, 4000, 'test', 'void', 'No charge was made.', null),
       ('shared-key', $1, 4000, 'test', 'failed', 'Unavailable', null) returning id, idempotency_key`,
      [JSON.stringify(join)],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const rows = (
      await client.query<Record<string, unknown>>(
        `select purpose, idempotency_key, status, subject, amount_cents, provider_ref, message, result_id, payment_id, invoice_id from card_attempts order by purpose, idempotency_key`,
      )
    ).rows;
    const paidJoin = joinAttempts.rows.find((r) => r.idempotency_key === 'join-paid-deleted')!;
    expect(rows).toEqual([
      { purpose: 'tiedown', idempotency_key: 'park-declined', status: 'declined', subject: { form, nights: 2, rateCents: 8000 }, amount_cents: 16000, provider_ref: 'ref-2', message: 'Declined', result_id: null, payment_id: null, invoice_id: null },
      { purpose: 'tiedown', idempotency_key: 'park-paid', status: 'paid', subject: { form, nights: 2, rateCents: 8000 }, amount_cents: 16000, provider_ref: 'ref-1', message: 'Approved', result_id: request, payment_id: null, invoice_id: null },
      { purpose: 'tiedown', idempotency_key: 'shared-key', status: 'pending', subject: { form, nights: 2, rateCents: 8000 }, amount_cents: 16000, provider_ref: null, message: null, result_id: null, payment_id: null, invoice_id: null },
      // A paid join whose applicant was deleted answered its replay with the attempt's own id: it still does.
      { purpose: 'waitlist', idempotency_key: 'join-paid-deleted', status: 'paid', subject: join, amount_cents: 4000, provider_ref: null, message: 'Approved', result_id: paidJoin.id, payment_id: null, invoice_id: null },
      { purpose: 'waitlist', idempotency_key: 'join-void', status: 'void', subject: join, amount_cents: 4000, provider_ref: null, message: 'No charge was made.', result_id: null, payment_id: null, invoice_id: null },
      { purpose: 'waitlist', idempotency_key: 'shared-key', status: 'failed', subject: join, amount_cents: 4000, provider_ref: null, message: 'Unavailable', result_id: null, payment_id: null, invoice_id: null },
    ]);
    const gone = await client.query<{ name: string | null }>(`select to_regclass('tiedown_card_attempts')::text as name union all select to_regclass('waitlist_join_attempts')::text`);
    expect(gone.rows).toEqual([{ name: null }, { name: null }]);
  }, 240_000); // the migrations from this one on, on PGlite: longer than the default 30 s on a busy machine
});
