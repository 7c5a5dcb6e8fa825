import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTiedown } from '@apron/core/tiedowns';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { seedDemoTiedowns } from './tiedowns.seed-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo parking requests (issue 11 item 13)', () => {
  it('seeds months of requests once, paid ones with a paid one-line invoice', async () => {
    expect(await seedDemoTiedowns(t.db, { demo: false })).toEqual({ requests: 0 });
    expect(await seedDemoTiedowns(t.db, { demo: true })).toEqual({ requests: 48 });
    expect(await seedDemoTiedowns(t.db, { demo: true })).toEqual({ requests: 0 });
    const admin = await signIn(t, { modules: 'all', isAdmin: true });
    const res = await admin.request({ method: 'GET', url: '/api/Invoices/List/TieDowns?pageSize=100' });
    const rows = res.json() as TTiedown[];
    expect(rows).toHaveLength(48);
    const months = new Set(rows.map((r) => r.beginDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    const paid = rows.filter((r) => r.amount > 0);
    expect(paid.length).toBeGreaterThan(30);
    expect(rows.some((r) => r.amount === 0 && r.invoice === null)).toBe(true);
    const invoice = (await admin.request({ method: 'GET', url: `/api/Invoices/${paid[0]!.invoice}` })).json();
    expect(invoice).toMatchObject({ status: 'Paid', amountDue: 0 });
    expect(invoice.lineItems[0].name).toMatch(/ parking, \d nights?$/);
  });
});
