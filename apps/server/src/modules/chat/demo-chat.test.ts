import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatThread } from '@apron/core';
import { DEMO_TEMPLATE_HOOK_TIMEOUT, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { demoApplicantIds } from '../waitlist/waitlist.seed-support';
import { seedDemoConversations } from './chat.seed-support';
import { countUnreadForApplicants as unreadCountsForApplicants } from './chat.repo';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-chat-demo-'));
  // The demo accounts, properties and wait list (test/demo-templates.ts): what the conversations build on.
  t = await createTestApp({ DATA_DIR: dataDir, APRON_DEMO: '1' }, { template: 'demo-waitlist' });
}, DEMO_TEMPLATE_HOOK_TIMEOUT);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo conversations', () => {
  it('a few conversations on the demo wait list, the last applicant line unread; idempotent', async () => {
    const ids = await demoApplicantIds(t.db, 4);
    expect(ids).toHaveLength(4);
    expect((await seedDemoConversations(t.db, ids)).messages).toBeGreaterThanOrEqual(8);
    expect(await seedDemoConversations(t.db, ids)).toEqual({ messages: 0 });
    const unread = await unreadCountsForApplicants(t.db, ids);
    expect([...unread.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);

    const staff = await signIn(t, { modules: ['Waitlist'] });
    const thread = (await staff.request({ method: 'GET', url: `/api/Messages/${ids[0]}` })).json() as TChatThread;
    expect(thread.messages.length).toBeGreaterThanOrEqual(2);
    expect(thread.messages.some((m) => m.isAdmin && m.email === 'admin@demo.apron.test')).toBe(true);
  });
});
