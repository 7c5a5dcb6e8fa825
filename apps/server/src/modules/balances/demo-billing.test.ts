import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, createTestApp, type TestApp } from '../../../test/helpers';
import { invoices } from '../invoices/invoices.table';
import { balanceRecords } from './balances.table';
import { seedDemoBilling } from './demo-billing';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-billing-'));
  // The demo accounts, properties, companies and agreements (test/demo-templates.ts): what billing builds on.
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-agreements' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemoBilling', () => {
  it('a year of invoices in every state, balances with credits, once', async () => {
    const first = await seedDemoBilling(t.db, t.config);
    expect(first.invoices).toBeGreaterThan(20);
    const statuses = await t.db.select({ status: invoices.status, n: count() }).from(invoices).groupBy(invoices.status);
    expect(statuses.map((s) => s.status).sort()).toEqual(['Cancelled', 'Created', 'Overdue', 'Paid']);
    const [partly] = await t.db.select({ n: count() }).from(invoices).where(sql`${invoices.paidCents} > 0 and ${invoices.paidCents} < ${invoices.totalCents}`);
    expect(partly!.n).toBeGreaterThan(0);
    const credits = await t.db.select({ n: count() }).from(balanceRecords).where(eq(balanceRecords.type, 'Credit'));
    expect(credits[0]!.n).toBeGreaterThan(0);
    // Every company's balance stays >= 0.
    const negative = await t.database.query("select company_id from balance_records group by company_id having sum(case when type = 'Credit' then amount_cents else -amount_cents end) < 0");
    expect(negative.rows).toHaveLength(0);
    expect(await seedDemoBilling(t.db, t.config)).toEqual({ invoices: 0 });
  });
});
