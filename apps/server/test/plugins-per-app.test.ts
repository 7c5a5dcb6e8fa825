import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp, ownerQuery } from './helpers';
import { eventually } from './smtp-sink';
import { attachmentOwners } from '../src/modules/attachments/index';
import { propertyLeases } from '../src/modules/properties/index';
import { buildProperty } from '../src/modules/properties/properties.factories';
import { EVENTS_DISPATCH_JOB } from '../src/platform/events/index';

// Two apps in one process (as the server suite runs them: many test files in one fork), each on
// its own database: what one app plugs in, or stands in for, the other never sees.
let first: TestApp;
let second: TestApp;
let firstAdmin: Caller;
let secondAdmin: Caller;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  firstAdmin = await signIn(first, { modules: 'all', isAdmin: true });
  secondAdmin = await signIn(second, { modules: 'all', isAdmin: true });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('plug-ins are per app', () => {
  it('each app composes its own registry when its modules register', () => {
    expect(first.plugins).not.toBe(second.plugins);
    for (const t of [first, second]) {
      expect(t.plugins.byKey(attachmentOwners, 'property')?.module).toBe('Property');
      expect(t.plugins.byKey(attachmentOwners, 'agreement')?.module).toBe('Lease');
    }
  });

  it("a stand-in lease source in one app changes that app's answers only", async () => {
    const [mine, theirs] = await Promise.all([buildProperty(firstAdmin), buildProperty(secondAdmin)]);
    const previous = first.plugins.replace(propertyLeases, 'test', {
      leasedPropertyIds: () => sql`select id from properties`,
      currentLease: async (_db, id) => (id === mine._id ? { _id: mine._id, title: 'Stand-in lease', agreementNum: 'T-1' } : null),
      leaseHistory: async () => [],
    });
    try {
      const read = (caller: Caller, id: string) => caller.request({ method: 'GET', url: `/api/Property/List/${id}` }).then((res) => res.json());
      expect(await read(firstAdmin, mine._id)).toMatchObject({ status: 'Leased', leaseInfo: { agreement: { title: 'Stand-in lease' } } });
      expect(await read(secondAdmin, theirs._id)).toMatchObject({ status: 'Active', leaseInfo: { status: 'Active', agreement: null } });
    } finally {
      if (previous) first.plugins.replace(propertyLeases, 'agreements', previous);
    }
    expect((await firstAdmin.request({ method: 'GET', url: `/api/Property/List/${mine._id}` })).json()).toMatchObject({ status: 'Active' });
  });

  it("a request's events nudge its own app's dispatch, and no other app's", async () => {
    const nudges = async (t: TestApp) =>
      Number((await ownerQuery(t, `select count(*)::int as n from pgboss.job where name = $1 and singleton_key like '%nudge'`, [EVENTS_DISPATCH_JOB])).rows[0]!.n);
    await Promise.all([first.app.jobs.start(), second.app.jobs.start()]);
    try {
      expect([await nudges(first), await nudges(second)]).toEqual([0, 0]);
      // A change in the first app publishes an event: its dispatch is asked for at once.
      await buildProperty(firstAdmin);
      await eventually(async () => (await nudges(first)) > 0);
      // A request of the second app that publishes nothing asks its dispatch for nothing (a count
      // shared by the process used to make it nudge too).
      expect((await secondAdmin.request({ method: 'GET', url: '/api/Property/Grid' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await nudges(second)).toBe(0);
    } finally {
      await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);
    }
  });
});
