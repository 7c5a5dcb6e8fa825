import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, asAdmin, createTestApp, type Caller, type TestApp } from '../../test/helpers';
import { importFile, type ImportPreviewBody } from '../../test/imports';

// Issue 23: a template's example row is valid against the demo's master data and records.
let t: TestApp;
let admin: Caller;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-import-examples-'));
  // The demo accounts, properties, agreements and assets (test/demo-templates.ts).
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-assets' });
  admin = await asAdmin(t);
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(['properties', 'companies', 'agreements', 'insurances', 'balances', 'invoices', 'assets', 'applicants'])('the %s template on the demo', (kind) => {
  it('its example row passes the dry run', async () => {
    const template = await admin.request({ method: 'GET', url: `/api/Imports/Templates/${kind}` });
    const preview = (await importFile(t, admin, kind, template.body)).json() as ImportPreviewBody;
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toHaveLength(1);
  });
});
