import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { SESSION_COOKIE, createSession } from '../../platform/auth/sessions';
import { findAccountByEmail } from '../accounts/index';
import { seedDemoInspections } from '../inspections/inspections.seed-support';
import { seedDemoProperties } from '../properties/properties.seed-support';
import { DEMO_CONTRACTOR_EMAIL } from './demo-workorders';
import { seedDemoWorkorders } from './workorders.seed-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoProperties(t.db, t.config);
  await seedDemoInspections(t.db);
});
afterAll(async () => t?.close());

describe('demo work orders', () => {
  it('seeds masters and work orders in every status once, with the failed door check’s work order', async () => {
    const first = await seedDemoWorkorders(t.db);
    expect(first.created).toBeGreaterThanOrEqual(6);
    expect(await seedDemoWorkorders(t.db)).toEqual({ created: 0 });
    const account = await findAccountByEmail(t.db, DEMO_CONTRACTOR_EMAIL);
    const session = await createSession(t.db, account!.id);
    const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };
    const masters = (await t.app.inject({ method: 'GET', url: '/api/MasterWorkorder', headers })).json() as Array<{ _id: string; name: string }>;
    expect(masters.map((m) => m.name).sort()).toEqual(['General maintenance', 'Hangar door repair']);
    const all: Array<{ status: string; autoOpened: boolean }> = [];
    for (const master of masters) all.push(...(await t.app.inject({ method: 'GET', url: `/api/Workorder/GetWorkorders?workorderId=${master._id}`, headers })).json());
    expect(new Set(all.map((w) => w.status))).toEqual(new Set(['Created', 'In Progress', 'Completed']));
    expect(all.some((w) => w.autoOpened)).toBe(true);
  });
});
