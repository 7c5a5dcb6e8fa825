import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, createTestApp, type TestApp } from '../../test/helpers';
import { airportToday } from '../modules/invoices/index';

// Issue 20 §5: every seeded money date is coherent (the transient invoice #1100 was dated in the
// future and paid before its date).
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-dates-'));
  // The demo accounts, properties, agreements, billing and parking requests (test/demo-templates.ts).
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-tiedowns' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo seed’s invoice dates', () => {
  it('no invoice is dated in the future, and none is paid before its date', async () => {
    const today = await airportToday(t.db);
    const [{ n }] = (await t.database.query('select count(*)::int as n from invoices')).rows as [{ n: number }];
    expect(n).toBeGreaterThan(50);
    const future = await t.database.query('select invoice_number, invoice_date from invoices where invoice_date > $1::date', [today]);
    expect(future.rows).toEqual([]);
    const paidEarly = await t.database.query(
      `select i.invoice_number, i.invoice_date, p.payment_date from payments p join invoices i on i.id = p.invoice_id
        where p.payment_date < i.invoice_date or p.payment_date > $1::date`,
      [today],
    );
    expect(paidEarly.rows).toEqual([]);
    const markedEarly = await t.database.query('select invoice_number from invoices where payment_date < invoice_date or payment_date > $1::date', [today]);
    expect(markedEarly.rows).toEqual([]);
  });
});
