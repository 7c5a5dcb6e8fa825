import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSetupChecklist } from '@apron/core';
import { FIRST_AIRPORT_ID } from '../../platform/tenancy/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { buildCompany } from '../invoices/billing.test-support';

/**
 * Issue 23, "First run without demo data" (docs/setup-checklist.md): the checklist's steps are done
 * when the airport's data says so; it disappears when all are done, or when dismissed.
 */
let t: TestApp;
let dataDir: string;
let admin: Caller;
const stepsOf = (list: TSetupChecklist) => Object.fromEntries(list.steps.map((step) => [step.key, step.done]));
const checklist = async (caller: Caller = admin) => (await caller.request({ method: 'GET', url: '/api/Setup' })).json() as TSetupChecklist;

async function setSetting(name: string, value: string) {
  const list = (await admin.request({ method: 'GET', url: `/api/Crud/systemSettings?q=${name.toLowerCase()}` })).json() as Array<{ _id: string; name: string }>;
  const row = list.find((s) => s.name === name)!;
  const res = await admin.request({ method: 'PUT', url: `/api/Crud/systemSettings/${row._id}`, payload: { name, value } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-setup-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await signIn(t, { modules: 'all', isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/Setup', () => {
  it('answers 401 signed out and 403 to staff who are not Settings administrators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Setup' })).statusCode).toBe(401);
    const clerk = await signIn(t, { modules: ['Settings'] });
    expect((await clerk.request({ method: 'GET', url: '/api/Setup' })).statusCode).toBe(403);
    expect((await clerk.request({ method: 'POST', url: '/api/Setup/Dismiss' })).statusCode).toBe(403);
  });

  it('an empty airport: every step to do but staff (the clerk above works here), each with its page', async () => {
    const list = await checklist();
    expect(list.visible).toBe(true);
    expect(list.dismissed).toBe(false);
    expect(list.steps.map((step) => [step.key, step.to])).toEqual([
      ['airport', '/settings/systemsettings'],
      ['logo', '/settings/logo'],
      ['invoiceCycles', '/settings/invoiceCycles'],
      ['paymentTypes', '/settings/paymentTypes'],
      ['import', '/settings/import'],
      ['staff', '/settings/accounts'],
    ]);
    expect(stepsOf(list)).toEqual({ airport: false, logo: false, invoiceCycles: false, paymentTypes: false, import: false, staff: true });
  });

  it('dismissed: hidden for every administrator until System Settings turns it back on', async () => {
    const dismissed = await admin.request({ method: 'POST', url: '/api/Setup/Dismiss' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ visible: false, dismissed: true });
    const other = await signIn(t, { modules: ['Settings'], isAdmin: true });
    expect(await checklist(other)).toMatchObject({ visible: false, dismissed: true });
    await setSetting('SETUP_CHECKLIST', 'yes');
    expect(await checklist()).toMatchObject({ visible: true, dismissed: false });
  });

  it('each step is done when the data says so, and the list disappears when all are', async () => {
    await setSetting('AIRPORT_NAME', 'Carson City Airport');
    const logo = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#123456' } }).png().toBuffer();
    expect((await admin.request({ method: 'PUT', url: `/api/Airports/${FIRST_AIRPORT_ID}/Logo`, ...multipart(logo) })).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: '/api/Crud/invoiceCycles', payload: { name: 'Monthly', description: '', dueDays: 30, expression: '0 6 1 * *' } })).statusCode).toBe(201);
    const partly = await checklist();
    expect(stepsOf(partly)).toEqual({ airport: true, logo: true, invoiceCycles: true, paymentTypes: false, import: false, staff: true });
    expect(partly.visible).toBe(true);

    expect((await admin.request({ method: 'POST', url: '/api/Crud/paymentTypes', payload: { name: 'Cash', description: '', skuType: 'CPI', skuValue: 2, lateFee: 5 } })).statusCode).toBe(201);
    await buildCompany(admin);
    const all = await checklist();
    expect(Object.values(stepsOf(all)).every(Boolean)).toBe(true);
    expect(all.visible).toBe(false);
    // Tenants never see it (their company makes them a user of this airport's data).
    const tenant = await signIn(t, { isInternal: false, companyId: crypto.randomUUID() });
    expect((await tenant.request({ method: 'GET', url: '/api/Setup' })).statusCode).toBe(403);
  });
});
