import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { buildCompany, superAdmin } from './billing.test-support';
import { insertGeneratedInvoices } from './generated-invoices';

/**
 * Issue 20 §1: with more invoices than the grid counts exactly, and the planner's statistics stale
 * (no ANALYZE after the bulk insert), a client that follows what the server says reaches every
 * invoice exactly once, in every sort.
 */
const COUNT = 5_000;

let t: TestApp;
let staff: Caller;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await superAdmin(t);
  companyId = (await buildCompany(staff))._id;
  await insertGeneratedInvoices(t.db, companyId, COUNT);
}, 120_000);
afterAll(async () => t?.close());

/** Pages as the grid does: Next while the server says a next page exists. */
async function pageToTheEnd(query: string, pageSize: number) {
  const seen: number[] = [];
  const totals: Array<{ total: number; estimated: boolean }> = [];
  for (let page = 1; ; page++) {
    const res = await staff.request({ method: 'GET', url: `/api/Invoices?${query}&page=${page}&pageSize=${pageSize}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ invoiceNumber: number }>;
    seen.push(...rows.map((row) => row.invoiceNumber));
    totals.push({ total: Number(res.headers['x-total-count']), estimated: res.headers['x-total-count-estimated'] === 'true' });
    const hasNext = res.headers['x-has-next-page'];
    expect(hasNext, `X-Has-Next-Page on page ${page}`).toMatch(/^(true|false)$/);
    if (hasNext === 'false') break;
    expect(rows).toHaveLength(pageSize);
  }
  return { seen, totals };
}

describe('GET /api/Invoices past the exact count (stale statistics)', () => {
  it.each([
    ['the default order (number, newest first)', 'sort=invoiceNumber:desc', 700],
    ['due date, many invoices per day', 'sort=dueDate:asc', 1_000],
    ['the search of the generated invoices', 'q=Generated', 600],
  ])('reaches every invoice exactly once: %s', async (_label, query, pageSize) => {
    const { seen, totals } = await pageToTheEnd(query, pageSize);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
    // A total is exact, or flagged an estimate and never below the rows known to exist; the last page counts them all.
    totals.forEach(({ total, estimated }, index) => {
      if (estimated) expect(total).toBeGreaterThan((index + 1) * pageSize);
      else expect(total).toBe(COUNT);
    });
    expect(totals[0]).toMatchObject({ estimated: true });
    expect(totals.at(-1)).toEqual({ total: COUNT, estimated: false });
  }, 120_000);

  it('a filter that matches few invoices answers an exact count and no next page', async () => {
    const res = await staff.request({ method: 'GET', url: '/api/Invoices?q=Generated%20invoice%2042&page=1&pageSize=20' });
    // 42 and 420-429, 4200-4299: 111 invoices, counted exactly.
    expect(res.headers['x-total-count']).toBe('111');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
    expect(res.headers['x-has-next-page']).toBe('true');
    const last = await staff.request({ method: 'GET', url: '/api/Invoices?q=Generated%20invoice%2042&page=6&pageSize=20' });
    expect(last.json()).toHaveLength(11);
    expect(last.headers['x-has-next-page']).toBe('false');
  });
});

/** Pages as the grid does past an exact total: Next sends X-Next-Cursor of the page before as `after`. */
async function pageByCursor(query: string, pageSize: number) {
  const seen: number[] = [];
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const cursor = after ? `&after=${after}` : '';
    const res = await staff.request({ method: 'GET', url: `/api/Invoices?${query}&page=${page}&pageSize=${pageSize}${cursor}` });
    expect(res.statusCode).toBe(200);
    seen.push(...(res.json() as Array<{ invoiceNumber: number }>).map((row) => row.invoiceNumber));
    if (res.headers['x-has-next-page'] === 'false') break;
    const next = res.headers['x-next-cursor'];
    expect(next, `X-Next-Cursor on page ${page}`).toMatch(/^[A-Za-z0-9_-]+$/);
    after = String(next);
  }
  return seen;
}

describe('GET /api/Invoices?after= (keyset paging, issue 20 §1)', () => {
  it.each([
    ['the default order (number, newest first)', 'sort=invoiceNumber:desc'],
    ['invoice number, oldest first', 'sort=invoiceNumber:asc'],
    ['due date (many ties), ascending', 'sort=dueDate:asc'],
    ['due date (many ties), descending', 'sort=dueDate:desc'],
    ['payment date (always blank), descending', 'sort=paymentDate:desc'],
    ['name (text), ascending', 'sort=name:asc'],
  ])('reaches every invoice exactly once: %s', async (_label, query) => {
    const seen = await pageByCursor(query, 700);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
  }, 120_000);

  it('the page after a cursor starts after its row, not at the page number (no offset)', async () => {
    const first = await staff.request({ method: 'GET', url: '/api/Invoices?sort=dueDate:desc&pageSize=5' });
    const second = await staff.request({ method: 'GET', url: '/api/Invoices?sort=dueDate:desc&page=2&pageSize=5' });
    const cursor = String(first.headers['x-next-cursor']);
    const afterFirst = await staff.request({ method: 'GET', url: `/api/Invoices?sort=dueDate:desc&page=9&pageSize=5&after=${cursor}` });
    expect(afterFirst.json()).toEqual(second.json());
    expect(afterFirst.headers['x-has-next-page']).toBe('true');
  });

  it('a cursor of another order, or not a cursor, is a 400 naming after', async () => {
    const first = await staff.request({ method: 'GET', url: '/api/Invoices?sort=dueDate:asc&pageSize=5' });
    const cursor = String(first.headers['x-next-cursor']);
    for (const after of [cursor, 'not-a-cursor', Buffer.from('{"l":"invoices"}').toString('base64url')]) {
      const res = await staff.request({ method: 'GET', url: `/api/Invoices?sort=dueDate:desc&page=2&pageSize=5&after=${after}` });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('after');
    }
  });
});

