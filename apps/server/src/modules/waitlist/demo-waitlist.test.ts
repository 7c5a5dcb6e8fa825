import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { seedDemoProperties } from '../properties/properties.seed-support';
import { seedDemoWaitlist } from './waitlist.seed-support';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-waitlist-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDemoProperties(t.db, t.config);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo wait list', () => {
  it('a queue per hangar type with some this week, and a fact sheet the public link serves; seeded once', async () => {
    expect((await seedDemoWaitlist(t.db, t.config)).applicants).toBeGreaterThanOrEqual(24);
    expect(await seedDemoWaitlist(t.db, t.config)).toEqual({ applicants: 0 });
    const staff = await signIn(t, { modules: ['Waitlist'] });
    const types = (await staff.request({ method: 'GET', url: '/api/WaitList' })).json() as Array<{ name: string; waiting: number; joinedThisWeek: number }>;
    const hangars = types.filter((type) => /hangar/i.test(type.name));
    expect(hangars.length).toBeGreaterThanOrEqual(2);
    for (const hangar of hangars) {
      expect(hangar.waiting).toBe(12);
      expect(hangar.joinedThisWeek).toBeGreaterThanOrEqual(1);
    }
    const sheet = await t.app.inject({ method: 'GET', url: '/api/factsheet' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
