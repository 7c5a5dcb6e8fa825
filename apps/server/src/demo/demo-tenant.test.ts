import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoiceGridRow } from '@apron/core';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, createTestApp, type TestApp } from '../../test/helpers';
import { SESSION_COOKIE, createSession } from '../platform/auth/sessions';
import { findAccountByEmail } from '../modules/accounts/index';
import { DEMO_TENANT_EMAIL } from '../modules/agreements/agreements.seed-support';
import { seedDemoTenantDocuments } from './tenant-documents';

// Issue 9 item 13: the demo tenant sees what is due, pays by card or from the balance.
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-tenant-'));
  // The demo accounts, properties, agreements and billing (test/demo-templates.ts): what the documents seed builds on.
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-billing' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo tenant', () => {
  it('has a year of invoices in every state, a balance with credits, and documents — seeded once', async () => {
    expect((await seedDemoTenantDocuments(t.db, t.config)).documents).toBeGreaterThanOrEqual(3);
    expect(await seedDemoTenantDocuments(t.db, t.config)).toEqual({ documents: 0 });

    const account = (await findAccountByEmail(t.db, DEMO_TENANT_EMAIL))!;
    const companyId = account.companyId!;
    const session = await createSession(t.db, account.id);
    const tenant = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken } });

    const grid = await tenant('/api/Invoices?pageSize=100');
    expect(grid.statusCode).toBe(200);
    const rows = grid.json() as TInvoiceGridRow[];
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.every((row) => row.tenantId === companyId)).toBe(true);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['Paid', 'Overdue', 'Created']) expect(statuses).toContain(status);
    expect(rows.some((row) => row.amountPaid > 0 && row.amountDue > 0)).toBe(true); // partly paid
    const overdue = rows.find((row) => row.status === 'Overdue')!;
    const detail = (await tenant(`/api/Invoices/${overdue._id}`)).json() as { lineItems: Array<{ name: string }> };
    expect(detail.lineItems.some((line) => /late fee/i.test(line.name))).toBe(true);

    const balances = await tenant(`/api/Company/Balances/${companyId}`);
    expect(balances.statusCode).toBe(200);
    expect(balances.json().balance).toBeGreaterThan(0);
    expect(balances.json().records.some((r: { type: string }) => r.type === 'Credit')).toBe(true);

    const documents = await tenant('/api/Attachments/List', 'POST', { ownerType: 'company', ownerId: companyId });
    expect(documents.statusCode).toBe(200);
    expect(documents.json().length).toBeGreaterThanOrEqual(2);
    const download = await tenant(`/api/Attachments/${documents.json()[0]._id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
