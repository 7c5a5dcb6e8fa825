import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, buildLeaseMasterData, superAdmin } from './agreements.test-support';

/**
 * Issue 20 §1, keyset paging on a list whose tie-breaker is a uuid and whose end date can be
 * blank: following X-Next-Cursor as `after` reaches every agreement exactly once in every order.
 */
const COUNT = 1_300;

let t: TestApp;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp();
  staff = await superAdmin(t);
  const company = await buildCompany(staff);
  const master = await buildLeaseMasterData(staff);
  // A third without an end date; 40 start dates, so most rows tie on the sort key.
  await t.db.execute(sql`
    insert into agreements (title, agreement_num, description, start_date, end_date, company_id, invoice_cycle_id, rent_adjustment_type_id)
    select 'Keyset ' || g, 'K-' || g, '', date '2024-01-01' + (g % 40), case when g % 3 = 0 then null else date '2026-01-01' + (g % 25) end,
      ${company._id}::uuid, ${master.invoiceCycleId}::uuid, ${master.paymentTypeId}::uuid
    from generate_series(1, ${COUNT}::int) as g`);
}, 120_000);
afterAll(async () => t?.close());

async function pageByCursor(query: string, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let after = '';
  for (let page = 1; page <= COUNT; page++) {
    const res = await staff.request({ method: 'GET', url: `/api/Agreements?q=Keyset&${query}&page=${page}&pageSize=${pageSize}${after}` });
    expect(res.statusCode).toBe(200);
    seen.push(...(res.json() as Array<{ _id: string }>).map((row) => row._id));
    if (res.headers['x-has-next-page'] === 'false') break;
    expect(res.headers['x-next-cursor'], `X-Next-Cursor on page ${page}`).toMatch(/^[A-Za-z0-9_-]+$/);
    after = `&after=${String(res.headers['x-next-cursor'])}`;
  }
  return seen;
}

describe('GET /api/Agreements?after= (keyset paging)', () => {
  it.each([['sort=startDate:desc'], ['sort=startDate:asc'], ['sort=endDate:asc'], ['sort=endDate:desc'], ['sort=title:asc']])(
    'reaches every agreement exactly once: %s',
    async (query) => {
      const seen = await pageByCursor(query, 300);
      expect(seen).toHaveLength(COUNT);
      expect(new Set(seen).size).toBe(COUNT);
    },
    120_000,
  );

  it('a cursor of the invoices grid is a 400 naming after', async () => {
    const invoices = Buffer.from(JSON.stringify({ l: 'invoices', s: 'startDate:desc', k: ['2024-01-01', 1] })).toString('base64url');
    const res = await staff.request({ method: 'GET', url: `/api/Agreements?page=2&after=${invoices}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { after: expect.any(String) } });
  });
});
