import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_EXACT_COUNT_UP_TO, TOTAL_COUNT_ESTIMATED_HEADER, TOTAL_COUNT_HEADER } from '@apron/core/common/headers';
import { createTestApp, signIn, type Caller, type TestApp } from './helpers';
import { seedBenchAgreements } from '../src/modules/agreements/agreements.seed-support';
import { seedBenchInvoices } from '../src/modules/invoices/invoices.seed-support';

/**
 * The invoices and agreements grids count matching rows exactly up to 1,000 and estimate above
 * (so the first page costs the same at a million rows): the client is told which it got.
 */
describe('grid totals: exact up to the limit, estimated and flagged above it', () => {
  let t: TestApp;
  let admin: Caller;
  const size = 1_200;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, { modules: 'all', isAdmin: true });
    // Bulk rows, statuses spread evenly over four values (300 each).
    await seedBenchInvoices(t.db, size, 10);
    await seedBenchAgreements(t.db, size, 10);
  });
  afterAll(async () => t.close());

  for (const grid of [
    { name: 'invoices', url: '/api/Invoices', status: 'Paid' },
    { name: 'agreements', url: '/api/Agreements', status: 'Active' },
  ]) {
    it(`${grid.name}: more than ${GRID_EXACT_COUNT_UP_TO} matches give an estimated total, flagged`, async () => {
      const res = await admin.request({ method: 'GET', url: `${grid.url}?page=1&pageSize=10` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(10);
      expect(res.headers[TOTAL_COUNT_ESTIMATED_HEADER]).toBe('true');
      const total = Number(res.headers[TOTAL_COUNT_HEADER]);
      expect(total).toBeGreaterThan(GRID_EXACT_COUNT_UP_TO);
      // The planner's estimate after analyze: near the real number, not a fixed placeholder.
      expect(Math.abs(total - size)).toBeLessThan(size * 0.2);
    });

    it(`${grid.name}: a filter matching fewer rows gets the exact total, unflagged`, async () => {
      const res = await admin.request({ method: 'GET', url: `${grid.url}?page=1&pageSize=10&status=${encodeURIComponent(grid.status)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(size / 4));
      expect(res.headers[TOTAL_COUNT_ESTIMATED_HEADER]).toBeUndefined();
    });
  }
});
